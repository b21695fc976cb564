// chat/rueckruf: confirmation after a callback was arranged; phone and availability come from the history entry's
// state (the chat opens the page so) or from a link's path (phone as base64) or query. Without both it confirms nothing.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useHistoryEntry } from '../../routing/AppRouter.js';
import { useRouteParams, useSearchParams } from '../../routing/hooks.js';
import { CALLBACK_SLOT_TEXT } from '@rechtschat/core';
import { PageHeading } from '../../layout/PageHeading.js';
import { Paper, RouterLink } from '../../ui/index.js';
import { LogoutOnlyWithSession } from './LogoutOnlyWithSession.js';
import { decodeBase64Text } from './base64.js';
import { CALLBACK_CONFIRMATION_PATH, callbackConfirmationState, callbackDetailsOf } from './callbackConfirmationRoute.js';
import '../../pages/pages.css';

/** A phone number as the callback form takes it: digits with +, spaces, / - ( ) . – never words. */
const PHONE = /^\+?[\d\s\-/().]{3,40}$/;
/** What the callback form writes (core `callbackAvailabilityText`): „24.11.2026, 08:00–12:00 Uhr“. */
const AVAILABILITY = new RegExp(`^\\d{2}\\.\\d{2}\\.\\d{4}(?:, (?:${Object.values(CALLBACK_SLOT_TEXT).join('|')}))?$`);

/**
 * Reads `telephone` and `availability` from path segments, falling back to the query string and then to the history
 * entry's state. Only values of the callback form's shape are returned: the page shows them as the person's own
 * details, so a crafted link must not put a number or a sentence of its choosing there („Erreichbarkeit: Bitte rufen
 * Sie 0900 … an“). `inAddress`: the details came in the address.
 */
function useCallbackParams(): { phone: string | null; availability: string | null; inAddress: boolean } {
  const params = useRouteParams();
  const search = useSearchParams();
  const fromState = callbackDetailsOf(useHistoryEntry().state);
  const phoneInAddress = params.telephone ?? search.get('telephone');
  const availabilityInAddress = params.availability ?? search.get('availability');
  const phone = (phoneInAddress === null || phoneInAddress === undefined ? fromState.phone : decodeBase64Text(phoneInAddress))?.trim() ?? null;
  const availability = (availabilityInAddress ?? fromState.availability)?.trim() || null;
  return {
    phone: phone && PHONE.test(phone) ? phone : null,
    availability: availability && AVAILABILITY.test(availability) ? availability : null,
    inAddress: Boolean(phoneInAddress ?? availabilityInAddress),
  };
}

export function CallbackConfirmationPage() {
  const { t } = useTranslation('chat');
  const { phone, availability, inAddress } = useCallbackParams();
  // Details that came in the address move into the history entry's state, so the phone number leaves the address
  // bar (and what is copied or bookmarked from it); a reload shows them again from the state. The browser's entry is
  // rewritten in place, not through the router: a navigation would race one already under way – „Abmelden“ leads to
  // /chat, and the page's late rewrite took the person back (a journey failed that way) – so it happens only while
  // the address is still this page's.
  useEffect(() => {
    if (!inAddress || !window.location.pathname.startsWith(CALLBACK_CONFIRMATION_PATH)) return;
    const details = phone && availability ? callbackConfirmationState({ phone, availability }) : null;
    // The router keeps its location state under `usr` in the entry's state and reads it from there on a reload (routing/history.ts).
    const entry: unknown = window.history.state;
    window.history.replaceState({ ...(typeof entry === 'object' ? entry : {}), usr: details }, '', CALLBACK_CONFIRMATION_PATH);
  }, [inAddress, phone, availability]);
  if (!phone || !availability) return <NoCallback />;
  return (
    <>
      <PageHeading>{t('ChatPages.Callback.Title')}</PageHeading>
      <p className="ui-text ui-mb-3">{t('ChatPages.Callback.Info')}</p>
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
    </>
  );
}

/**
 * The address without a callback's details – typed by hand, a crafted link, or a reload whose history entry holds
 * none: the page confirmed „Ihr Rückruf ist vereinbart“ for a callback nobody had booked (phone tester). It says so,
 * without taking back one that was booked, and leads on to the service's page and the chat's start. As on the chat's
 * other pages for anyone, „Abmelden“ shows only with a session (LogoutOnlyWithSession).
 */
function NoCallback() {
  const { t } = useTranslation('chat');
  return (
    <LogoutOnlyWithSession>
      <PageHeading>{t('ChatPages.Callback.None.Title')}</PageHeading>
      <p className="ui-text ui-mb-2">{t('ChatPages.Callback.None.Text')}</p>
      <ul className="page-links">
        <li>
          <RouterLink to="/rueckruf" standalone>
            {t('ChatPages.Callback.None.ToService')}
          </RouterLink>
        </li>
        <li>
          <RouterLink to="/chat" standalone>
            {t('ChatPages.Callback.None.ToChat')}
          </RouterLink>
        </li>
      </ul>
    </LogoutOnlyWithSession>
  );
}
