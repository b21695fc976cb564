// chat/rueckruf: confirmation after a callback was arranged; phone (base64) and availability come from the route.
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { PageHeading } from '../../layout/PageHeading.js';
import { decodeBase64Text } from './base64.js';

/** Reads `telephone` and `availability` from path segments, falling back to the query string. */
export function useCallbackParams(): { phone: string | null; availability: string | null } {
  const params = useParams();
  const [search] = useSearchParams();
  const phone = decodeBase64Text(params.telephone ?? search.get('telephone'));
  const availability = (params.availability ?? search.get('availability'))?.trim() || null;
  return { phone, availability };
}

export function CallbackConfirmationPage() {
  const { t } = useTranslation('chat');
  const { phone, availability } = useCallbackParams();
  return (
    <>
      <PageHeading>{t('ChatPages.Callback.Title')}</PageHeading>
      <Typography sx={{ mb: 3 }}>{t('ChatPages.Callback.Info')}</Typography>
      {phone && availability && (
        <Paper component="section" variant="outlined" aria-labelledby="rueckruf-angaben" sx={{ p: 2 }}>
          <Typography variant="h2" id="rueckruf-angaben" gutterBottom>
            {t('ChatPages.Callback.Details')}
          </Typography>
          <dl style={{ margin: 0 }}>
            <Typography component="dt" sx={{ fontWeight: 600 }}>
              {t('ChatPages.Callback.Phone')}
            </Typography>
            <Typography component="dd" sx={{ ml: 0, mb: 1 }}>
              {phone}
            </Typography>
            <Typography component="dt" sx={{ fontWeight: 600 }}>
              {t('ChatPages.Callback.Availability')}
            </Typography>
            <Typography component="dd" sx={{ ml: 0 }}>
              {availability}
            </Typography>
          </dl>
        </Paper>
      )}
    </>
  );
}
