// uebersicht/vollmacht: the Vollmacht text, a drawn or typed signature and the place; send → vollmacht/versendet.
// The server renders the signed PDF, which then appears under Dokumente and in the Verlauf. The unsent form (place,
// typed name or drawn signature) is kept in the tab like every case-file draft, so a new login after the session
// ended brings it back; the PDF link checks the session before it opens. A closed file (mandate ended) shows a
// notice instead of the form, also when the firm ends the mandate while the page is open (live refresh).
import { useCallback, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { forkJoin, map } from 'rxjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../routing/AppRouter.js';
import * as E from 'fp-ts/lib/Either.js';
import {
  PLACE_MAX,
  drawnSignature,
  emptySignatureDraft,
  isSessionEnded,
  mandateEnded,
  overviewPath,
  powerOfAttorneySigned,
  validateSignatureForm,
  type AppError,
  type Call,
  type CaseDetails,
  type FirmNews,
  type PersonInfo,
  type ReadOptions,
} from '@rechtschat/core';
import { useInjection } from '../../app/ContainerContext.js';
import { AppConfigToken } from '../../app/tokens.js';
import { firmDetailsOf, firmLine } from '../../legal/firmDetails.js';
import { PageHeading } from '../../layout/PageHeading.js';
import { useCaseFileSession } from '../CaseFileContext.js';
import { useCaseFileServices } from '../caseFileServices.js';
import { formatDate } from '../caseFileFormat.js';
import { LoadState } from '../LoadState.js';
import { SaveFailed, SessionEndedAlert } from '../SessionEnded.js';
import { useCheckedFileLinks } from '../useCheckedFileLinks.js';
import { useFormDraft } from '../useFormDraft.js';
import { useSubmitRefusal } from '../useSubmitRefusal.js';
import { SignaturePad, type SignaturePadHandle } from './SignaturePad.js';
import { Alert, Button, Link, Paper, Spinner, TextField } from '../../ui/index.js';
import { afterSending } from './sentConfirmation.js';

interface PowerOfAttorneyData {
  readonly details: CaseDetails;
  readonly person: PersonInfo;
  readonly signed: boolean;
}

/** Where the case reference goes in the translated Grant sentence, put in its own element by keepReference. */
const REFERENCE_SLOT = '\u0000';
/** The server's references are 14 characters („FA-2026-K7M3QZ“: six letters and digits after the year); a longer one may wrap, so that it never widens a narrow column. */
const KEPT_REFERENCE_MAX = 20;

/**
 * The Grant sentence with the case reference on one line: at 360 px it broke after a hyphen as „FA-“ / „2026-…“
 * (phone tester). A span that does not wrap keeps the plain hyphens (so a search, copying and a screen reader find
 * the reference as written), unlike non-breaking hyphens U+2011.
 */
function keepReference(sentence: string, reference: string): ReactNode[] {
  return sentence.split(REFERENCE_SLOT).flatMap((part, index) =>
    index === 0
      ? [part]
      : [
          reference.length <= KEPT_REFERENCE_MAX ? (
            <span key={index} className="casefile-reference">
              {reference}
            </span>
          ) : (
            reference
          ),
          part,
        ],
  );
}

export function PowerOfAttorneyPage() {
  const { t } = useTranslation('common');
  const { token } = useCaseFileSession();
  const { content } = useCaseFileServices();
  // Read again in the background (live refresh): a mandate the firm ends meanwhile replaces the form by the notice, and a
  // Vollmacht signed on another device shows as signed.
  const load = useCallback(
    (options?: ReadOptions): Call<PowerOfAttorneyData> =>
      forkJoin([content.getCase(token, options), content.getPerson(token, options), content.getHistory(token, options)]).pipe(
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
      <LoadState load={load} token={token} live={powerOfAttorneyNews}>
        {/* A signed Vollmacht stays one tap away (Dokumente), also on a closed file; an unsigned one can no longer be
            signed once the mandate has ended (the server answers 409), so no form is offered then. */}
        {(data) => (data.signed ? <AlreadySigned /> : data.details.Closed ? <ClosedNotice /> : <SignForm data={data} />)}
      </LoadState>
    </>
  );
}

/** What the page's background read tells: the mandate the firm ended while the Vollmacht was not yet signed. */
const powerOfAttorneyNews = (before: PowerOfAttorneyData, after: PowerOfAttorneyData): readonly FirmNews[] =>
  after.signed ? [] : mandateEnded(before.details, after.details);

function AlreadySigned() {
  const { t } = useTranslation('common');
  const { token } = useCaseFileSession();
  return (
    <Alert
      severity="success"
      // The button goes below the notice when they do not fit side by side (320 px): the text keeps its width.
      className="casefile-stacked-alert"
      action={
        <Button to={`${overviewPath(token)}/dokumente`} color="inherit">
          {t('CaseFile.PowerOfAttorney.ToDocuments')}
        </Button>
      }
    >
      {t('CaseFile.PowerOfAttorney.AlreadySigned')}
    </Alert>
  );
}

function ClosedNotice() {
  const { t } = useTranslation('common');
  const { token } = useCaseFileSession();
  return (
    // Information, not an alarm: a closure found in the background is announced once, politely, by the news region.
    <Alert
      severity="info"
      role="none"
      className="casefile-stacked-alert"
      action={
        <Button to={`${overviewPath(token)}/kontakt`} color="inherit">
          {t('CaseFile.PowerOfAttorney.ToContact')}
        </Button>
      }
    >
      {t('CaseFile.PowerOfAttorney.Closed')}
    </Alert>
  );
}

function SignForm({ data }: { readonly data: PowerOfAttorneyData }) {
  const { t } = useTranslation('common');
  const { token, lawyer } = useCaseFileSession();
  const firm = firmDetailsOf(useInjection(AppConfigToken));
  // „Rechtsanwältin Dr. Anna Berger, Berger & Partner, Musterstraße 12, 10115 Berlin,“ – as the PDF names them.
  const named = lawyer ? t(`CaseFile.PowerOfAttorney.Holder.${lawyer.Gender}`, { name: lawyer.Name }) : '';
  const holder = firm && firmLine(firm) !== '' ? t('CaseFile.PowerOfAttorney.HolderAtFirm', { holder: named, firm: firmLine(firm) }) : named;
  const { content } = useCaseFileServices();
  const navigate = useNavigate();
  const pad = useRef<SignaturePadHandle>(null);
  const links = useCheckedFileLinks();
  // Place, typed name and the drawing (PNG data URL) survive a reload and a new login after the session ended.
  const [baseline] = useState(() => emptySignatureDraft(data.person.City ?? ''));
  const draft = useFormDraft('signature', baseline);
  const { setValue } = draft;
  const { typedName, place } = draft.value;
  const drawn = useMemo(() => drawnSignature(draft.value), [draft.value]);
  // Drawn back onto the pad once, when the form opens with a kept drawing.
  const [restoredDrawing] = useState(drawn);
  const [submitted, setSubmitted] = useState(false);
  const [status, setStatus] = useState<'idle' | 'sending' | 'failed' | 'already'>('idle');
  const [failure, setFailure] = useState<AppError | null>(null);
  const refusal = useSubmitRefusal();
  const errors = validateSignatureForm({ drawnPoints: drawn?.points ?? 0, typedName, place });
  const client = `${data.person.FirstName} ${data.person.LastName}`;
  const onPointsChange = useCallback(
    (points: number) => {
      const drawing = points > 0 ? (pad.current?.toDataUrl() ?? '') : '';
      setValue((form) => ({
        ...form,
        drawing,
        drawnPoints: drawing === '' ? '0' : String(points),
        typedName: points > 0 ? '' : form.typedName,
      }));
    },
    [setValue],
  );
  const setTypedName = (name: string) => setValue((form) => ({ ...form, typedName: name }));

  const send = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (errors.signature) return refusal.focusFirstWrong('signature', document.getElementById('signature-typed'));
    if (errors.place) return refusal.focusFirstWrong('place', document.getElementById('signature-place'));
    if (status === 'sending') return;
    setStatus('sending');
    setFailure(null);
    content.signPowerOfAttorney(token, { SignatureImage: pad.current?.toDataUrl() ?? '', Place: place.trim() }).subscribe((result) => {
      if (result._tag === 'Right') {
        draft.discard();
        navigate(`${overviewPath(token)}/vollmacht/versendet`, afterSending);
      } else if (result.left._tag === 'HttpError' && result.left.code === 'AlreadySigned') {
        draft.discard();
        setStatus('already');
      } else {
        setStatus('failed');
        setFailure(result.left);
      }
    });
  };

  if (status === 'already') return <AlreadySigned />;
  return (
    <>
      <p className="ui-text ui-mb-2">{t('CaseFile.PowerOfAttorney.Intro')}</p>
      {/* Plain German first: what the legal text below means for the client. */}
      <section aria-labelledby="poa-summary" className="ui-mb-2">
        <h2 id="poa-summary" className="ui-h3">
          {t('CaseFile.PowerOfAttorney.SummaryHeading')}
        </h2>
        <ul className="ui-text casefile-summary">
          <li>{t('CaseFile.PowerOfAttorney.Summary1')}</li>
          <li>{t('CaseFile.PowerOfAttorney.Summary2')}</li>
          <li>{t('CaseFile.PowerOfAttorney.Summary3')}</li>
        </ul>
      </section>
      <Paper component="article" aria-label={t('CaseFile.PowerOfAttorney.Title')} className="casefile-card--roomy ui-mb-2">
        <h2 className="ui-h2">{t('CaseFile.PowerOfAttorney.Title')}</h2>
        <p className="ui-text ui-mb-1">
          {keepReference(
            t('CaseFile.PowerOfAttorney.Grant', { lawyer: holder, title: data.details.Title, number: REFERENCE_SLOT, client }),
            data.details.CaseNumber,
          )}
        </p>
        <p className="ui-text ui-mb-1">{t('CaseFile.PowerOfAttorney.Scope')}</p>
        <p className="ui-text">{t('CaseFile.PowerOfAttorney.Validity')}</p>
      </Paper>
      <p className="ui-text ui-mb-3">
        <Link href={content.powerOfAttorneyUrl(token)} target="_blank" rel="noopener" onClick={links.onClick} standalone>
          {t('CaseFile.PowerOfAttorney.Pdf')}
        </Link>
      </p>
      <div aria-live="assertive">
        {/* Once: a failed send already shows the same message below. */}
        {links.sessionEnded && !(status === 'failed' && failure && isSessionEnded(failure)) && <SessionEndedAlert token={token} inputKept />}
      </div>
      <form noValidate onSubmit={send} onChange={refusal.onChange} className="casefile-form">
        <h2 className="ui-h2 ui-mb-0">{t('CaseFile.PowerOfAttorney.SignHeading')}</h2>
        <p id="signature-hint" className="ui-text">
          {t('CaseFile.PowerOfAttorney.PadHint')}
        </p>
        <SignaturePad
          ref={pad}
          label={t('CaseFile.PowerOfAttorney.PadLabel')}
          describedBy="signature-hint"
          invalid={submitted && errors.signature !== undefined}
          typedName={typedName}
          initialDrawing={restoredDrawing}
          onPointsChange={onPointsChange}
        />
        <div>
          <Button
            onClick={() => {
              pad.current?.clear();
              setTypedName('');
            }}
          >
            {t('CaseFile.PowerOfAttorney.Clear')}
          </Button>
        </div>
        <TextField
          id="signature-typed"
          label={t('CaseFile.PowerOfAttorney.TypedName')}
          value={typedName}
          onChange={(e) => setTypedName(e.target.value)}
          autoComplete="name"
          error={submitted && errors.signature !== undefined}
          helperText={refusal.errorText('signature', submitted && errors.signature ? t(errors.signature) : null) ?? t('CaseFile.PowerOfAttorney.TypedNameHint')}
          maxLength={80}
        />
        <TextField
          id="signature-place"
          label={t('CaseFile.PowerOfAttorney.Place')}
          required
          value={place}
          onChange={(e) => setValue((form) => ({ ...form, place: e.target.value }))}
          autoComplete="address-level2"
          error={submitted && errors.place !== undefined}
          helperText={
            refusal.errorText('place', submitted && errors.place ? t(errors.place) : null) ??
            t('CaseFile.PowerOfAttorney.DateInfo', { date: formatDate(new Date().toISOString()) })
          }
          maxLength={PLACE_MAX}
        />
        <div aria-live="assertive">
          <SaveFailed error={status === 'failed' ? failure : null} messageKey="CaseFile.PowerOfAttorney.Failed" inputKept />
        </div>
        <div>
          <Button
            type="submit"
            variant="contained"
            size="large"
            // aria-disabled, not disabled: the focus stays on the button while the PDF is made (a few seconds) and
            // when sending fails; submit() ignores a second press while sending.
            aria-disabled={status === 'sending' || undefined}
            startIcon={status === 'sending' ? <Spinner size={18} /> : null}
          >
            {t('CaseFile.PowerOfAttorney.Send')}
          </Button>
        </div>
      </form>
    </>
  );
}
