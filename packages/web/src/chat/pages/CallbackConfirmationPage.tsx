// chat/rueckruf: confirmation after a callback was arranged; phone (base64) and availability come from the route.
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { PageHeading } from '../../layout/PageHeading.js';
import { Paper } from '../../ui/index.js';
import { decodeBase64Text } from './base64.js';
import '../../pages/pages.css';

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
      <p className="ui-text ui-mb-3">{t('ChatPages.Callback.Info')}</p>
      {phone && availability && (
        <Paper component="section" variant="outlined" aria-labelledby="rueckruf-angaben" className="page-card">
          <h2 id="rueckruf-angaben" className="ui-h2">
            {t('ChatPages.Callback.Details')}
          </h2>
          <dl className="page-details">
            <dt>{t('ChatPages.Callback.Phone')}</dt>
            <dd>{phone}</dd>
            <dt>{t('ChatPages.Callback.Availability')}</dt>
            <dd>{availability}</dd>
          </dl>
        </Paper>
      )}
    </>
  );
}
