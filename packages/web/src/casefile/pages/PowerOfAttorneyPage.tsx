// uebersicht/vollmacht: the Vollmacht text, a drawn or typed signature and the place; send → vollmacht/versendet.
// The server renders the signed PDF, which then appears under Dokumente and in the Verlauf.
import { useCallback, useRef, useState, type FormEvent } from 'react';
import { forkJoin, map } from 'rxjs';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import * as E from 'fp-ts/lib/Either.js';
import { PLACE_MAX, overviewPath, powerOfAttorneySigned, validateSignatureForm, type Call, type CaseDetails, type PersonInfo } from '@rechtschat/core';
import { PageHeading } from '../../layout/PageHeading.js';
import { useCaseFileSession } from '../CaseFileContext.js';
import { useCaseFileServices } from '../caseFileServices.js';
import { formatDate } from '../caseFileFormat.js';
import { LoadState } from '../LoadState.js';
import { SignaturePad, type SignaturePadHandle } from './SignaturePad.js';

interface PowerOfAttorneyData {
  readonly details: CaseDetails;
  readonly person: PersonInfo;
  readonly signed: boolean;
}

export function PowerOfAttorneyPage() {
  const { t } = useTranslation('common');
  const { token } = useCaseFileSession();
  const { content } = useCaseFileServices();
  const load = useCallback(
    (): Call<PowerOfAttorneyData> =>
      forkJoin([content.getCase(token), content.getPerson(token), content.getHistory(token)]).pipe(
        map(([details, person, history]) => {
          if (E.isLeft(details)) return details;
          if (E.isLeft(person)) return person;
          return E.right({ details: details.right, person: person.right, signed: E.isRight(history) && powerOfAttorneySigned(history.right) });
        }),
      ),
    [content, token],
  );
  return (
    <>
      <PageHeading>{t('CaseFile.PowerOfAttorney.Title')}</PageHeading>
      <LoadState load={load} token={token}>
        {(data) => (data.signed ? <AlreadySigned /> : <SignForm data={data} />)}
      </LoadState>
    </>
  );
}

function AlreadySigned() {
  const { t } = useTranslation('common');
  const { token } = useCaseFileSession();
  return (
    <Alert
      severity="success"
      action={
        <Button component={RouterLink} to={`${overviewPath(token)}/dokumente`} color="inherit">
          {t('CaseFile.PowerOfAttorney.ToDocuments')}
        </Button>
      }
    >
      {t('CaseFile.PowerOfAttorney.AlreadySigned')}
    </Alert>
  );
}

function SignForm({ data }: { readonly data: PowerOfAttorneyData }) {
  const { t } = useTranslation('common');
  const { token, lawyer } = useCaseFileSession();
  const { content } = useCaseFileServices();
  const navigate = useNavigate();
  const pad = useRef<SignaturePadHandle>(null);
  const [drawnPoints, setDrawnPoints] = useState(0);
  const [typedName, setTypedName] = useState('');
  const [place, setPlace] = useState(data.person.City ?? '');
  const [submitted, setSubmitted] = useState(false);
  const [status, setStatus] = useState<'idle' | 'sending' | 'failed' | 'already'>('idle');
  const errors = validateSignatureForm({ drawnPoints, typedName, place });
  const client = `${data.person.FirstName} ${data.person.LastName}`;
  const onPointsChange = useCallback((points: number) => {
    setDrawnPoints(points);
    if (points > 0) setTypedName('');
  }, []);

  const send = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (errors.signature) return document.getElementById('signature-typed')?.focus();
    if (errors.place) return document.getElementById('signature-place')?.focus();
    if (status === 'sending') return;
    setStatus('sending');
    content.signPowerOfAttorney(token, { SignatureImage: pad.current?.toDataUrl() ?? '', Place: place.trim() }).subscribe((result) => {
      if (result._tag === 'Right') void navigate(`${overviewPath(token)}/vollmacht/versendet`, { replace: true });
      else setStatus(result.left._tag === 'HttpError' && result.left.code === 'AlreadySigned' ? 'already' : 'failed');
    });
  };

  if (status === 'already') return <AlreadySigned />;
  return (
    <>
      <Typography sx={{ mb: 2 }}>{t('CaseFile.PowerOfAttorney.Intro')}</Typography>
      <Paper component="article" variant="outlined" aria-label={t('CaseFile.PowerOfAttorney.Title')} sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
        <Typography variant="h2" component="h2" gutterBottom>
          {t('CaseFile.PowerOfAttorney.Title')}
        </Typography>
        <Typography sx={{ mb: 1 }}>
          {t('CaseFile.PowerOfAttorney.Grant', { lawyer: lawyer?.Name ?? '', title: data.details.Title, number: data.details.CaseNumber, client })}
        </Typography>
        <Typography sx={{ mb: 1 }}>{t('CaseFile.PowerOfAttorney.Scope')}</Typography>
        <Typography>{t('CaseFile.PowerOfAttorney.Validity')}</Typography>
      </Paper>
      <Link href={content.powerOfAttorneyUrl(token)} target="_blank" rel="noopener" sx={{ display: 'inline-block', mb: 3 }}>
        {t('CaseFile.PowerOfAttorney.Pdf')}
      </Link>
      <Box component="form" noValidate onSubmit={send} sx={{ display: 'grid', gap: 2, maxWidth: 640 }}>
        <Typography variant="h2" component="h2">
          {t('CaseFile.PowerOfAttorney.SignHeading')}
        </Typography>
        <Typography id="signature-hint">{t('CaseFile.PowerOfAttorney.PadHint')}</Typography>
        <SignaturePad
          ref={pad}
          label={t('CaseFile.PowerOfAttorney.PadLabel')}
          describedBy="signature-hint"
          invalid={submitted && errors.signature !== undefined}
          typedName={typedName}
          onPointsChange={onPointsChange}
        />
        <Box>
          <Button
            onClick={() => {
              pad.current?.clear();
              setTypedName('');
            }}
          >
            {t('CaseFile.PowerOfAttorney.Clear')}
          </Button>
        </Box>
        <TextField
          id="signature-typed"
          label={t('CaseFile.PowerOfAttorney.TypedName')}
          value={typedName}
          onChange={(e) => setTypedName(e.target.value)}
          autoComplete="name"
          error={submitted && errors.signature !== undefined}
          helperText={submitted && errors.signature ? t(errors.signature) : t('CaseFile.PowerOfAttorney.TypedNameHint')}
          slotProps={{ htmlInput: { maxLength: 80 } }}
        />
        <TextField
          id="signature-place"
          label={t('CaseFile.PowerOfAttorney.Place')}
          required
          value={place}
          onChange={(e) => setPlace(e.target.value)}
          autoComplete="address-level2"
          error={submitted && errors.place !== undefined}
          helperText={submitted && errors.place ? t(errors.place) : t('CaseFile.PowerOfAttorney.DateInfo', { date: formatDate(new Date().toISOString()) })}
          slotProps={{ htmlInput: { maxLength: PLACE_MAX } }}
        />
        <div aria-live="assertive">{status === 'failed' && <Alert severity="error">{t('CaseFile.PowerOfAttorney.Failed')}</Alert>}</div>
        <Box>
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={status === 'sending'}
            startIcon={status === 'sending' ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : null}
          >
            {t('CaseFile.PowerOfAttorney.Send')}
          </Button>
        </Box>
      </Box>
    </>
  );
}
