// chat/rueckruf: confirmation after a callback was arranged; phone (base64) and availability come from the route.
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { CALLBACK_SLOT_TEXT } from '@rechtschat/core';
import { PageHeading } from '../../layout/PageHeading.js';
import { Paper } from '../../ui/index.js';
import { decodeBase64Text } from './base64.js';
import '../../pages/pages.css';

/** A phone number as the callback form takes it: digits with +, spaces, / - ( ) . – never words. */
const PHONE = /^\+?[\d\s\-/().]{3,40}$/;
/** What the callback form writes (core `callbackAvailabilityText`): „24.11.2026, 08:00–12:00 Uhr“. */
const AVAILABILITY = new RegExp(`^\\d{2}\\.\\d{2}\\.\\d{4}(?:, (?:${Object.values(CALLBACK_SLOT_TEXT).join('|')}))?$`);

/**
 * Reads `telephone` and `availability` from path segments, falling back to the query string. Only values of the
 * callback form's shape are returned: the page shows them as the person's own details, so a crafted link must not
 * put a number or a sentence of its choosing there („Erreichbarkeit: Bitte rufen Sie 0900 … an“).
 */
export function useCallbackParams(): { phone: string | null; availability: string | null } {
  const params = useParams();
  const [search] = useSearchParams();
  const phone = decodeBase64Text(params.telephone ?? search.get('telephone'))?.trim() ?? null;
  const availability = (params.availability ?? search.get('availability'))?.trim() || null;
  return { phone: phone && PHONE.test(phone) ? phone : null, availability: availability && AVAILABILITY.test(availability) ? availability : null };
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
