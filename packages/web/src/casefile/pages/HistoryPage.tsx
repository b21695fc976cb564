// uebersicht/verlauf: the timeline of case events, newest first, with German dates.
import { useCallback } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../layout/PageHeading.js';
import { useCaseFileSession } from '../CaseFileContext.js';
import { useCaseFileServices } from '../caseFileServices.js';
import { formatDateTime } from '../caseFileFormat.js';
import { LoadState } from '../LoadState.js';

export function HistoryPage() {
  const { t } = useTranslation('common');
  const { token } = useCaseFileSession();
  const { content } = useCaseFileServices();
  const load = useCallback(() => content.getHistory(token), [content, token]);
  return (
    <>
      <PageHeading>{t('CaseFile.History.Title')}</PageHeading>
      <Typography sx={{ mb: 2 }}>{t('CaseFile.History.Intro')}</Typography>
      <LoadState load={load} token={token}>
        {(entries) =>
          entries.length === 0 ? (
            <Typography>{t('CaseFile.History.Empty')}</Typography>
          ) : (
            <Box
              component="ol"
              aria-label={t('CaseFile.History.Title')}
              sx={{ listStyle: 'none', m: 0, p: 0, borderLeft: 3, borderColor: 'primary.main', pl: 2 }}
            >
              {entries.map((entry) => (
                <Box component="li" key={entry.Id} sx={{ mb: 2.5, position: 'relative' }}>
                  <Typography component="p" variant="body2" color="text.secondary">
                    <time dateTime={entry.Created}>{formatDateTime(entry.Created)}</time>
                  </Typography>
                  <Typography variant="h3" component="h2" sx={{ fontSize: '1.05rem' }}>
                    {entry.Title}
                  </Typography>
                  {entry.Text && <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{entry.Text}</Typography>}
                </Box>
              ))}
            </Box>
          )
        }
      </LoadState>
    </>
  );
}
