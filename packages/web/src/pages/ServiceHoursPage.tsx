// 'Servicezeiten': the configured office hours from GET /api/service-hours, formatted de-DE – every weekday from
// Monday to Sunday, a day without hours as "geschlossen", the times in German time (the server's Europe/Berlin) – and,
// when the chat is closed for a holiday or Betriebsferien, that closure with its note and when it opens again.
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ServiceHours } from '@rechtschat/core';
import { useInjection } from '../app/ContainerContext.js';
import { ProductApiToken } from '../app/tokens.js';
import { useCallResult } from '../app/useCallResult.js';
import { serviceHoursDe } from '../i18n/de-DE/serviceHours.js';
import { weekdayName } from '../i18n/format.js';
import { LOCALE } from '../i18n/i18n.js';
import { useTexts } from '../i18n/useTexts.js';
import { PageHeading } from '../layout/PageHeading.js';
import { Alert, Spinner } from '../ui/index.js';
import { ClosedNotice, UpcomingClosures } from './ClosureNotice.js';
import { TitledSection } from './TitledSection.js';
import { AppConfigToken } from '../app/tokens.js';
import { firmDetailsOf } from '../legal/firmDetails.js';
import { FirmContact } from '../legal/FirmAddress.js';
import './pages.css';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** The zone the server states its hours in (docs/api.md); German readers know it as "deutsche Zeit". */
const GERMAN_TIME_ZONE = 'Europe/Berlin';

/** All seven weekdays, Monday first, each with its ranges in order (none: closed that day). */
export function hoursByWeekday(hours: ServiceHours['Hours']): Array<{ weekday: number; ranges: Array<{ from: string; to: string }> }> {
  return WEEKDAYS.map((weekday) => ({
    weekday,
    ranges: hours
      .filter((entry) => entry.Weekday === weekday)
      .sort((a, b) => a.From.localeCompare(b.From))
      .map((entry) => ({ from: entry.From, to: entry.To })),
  }));
}

/** A day's hours in words: "geschlossen", "rund um die Uhr" or "08:00 bis 12:00 Uhr, 14:00 bis 18:00 Uhr". */
function dayHoursText(ranges: ReadonlyArray<{ from: string; to: string }>, t: TFunction<'common'>): string {
  if (ranges.length === 0) return t('ServiceHours.ClosedDay');
  if (ranges.some((r) => r.from === '00:00' && r.to === '24:00')) return t('ServiceHours.AllDay');
  return ranges.map((r) => t('ServiceHours.Range', { from: r.from, to: r.to })).join(', ');
}

/** Which time the hours are in, for people, not an IANA name: German time, else the zone's German name via Intl. */
function timeZoneNote(zone: string, t: TFunction<'common'>): string {
  if (zone === GERMAN_TIME_ZONE) return t('ServiceHours.TimeZone');
  try {
    const name = new Intl.DateTimeFormat(LOCALE, { timeZone: zone, timeZoneName: 'longGeneric' }).formatToParts(0).find((part) => part.type === 'timeZoneName');
    return t('ServiceHours.TimeZoneOther', { zone: name?.value ?? zone });
  } catch {
    // An unknown zone name cannot be said in German; the note would only confuse.
    return '';
  }
}

const SERVICE_HOURS_TEXTS = [['common', serviceHoursDe]] as const;

export function ServiceHoursPage() {
  useTexts(SERVICE_HOURS_TEXTS);
  const { t } = useTranslation('common');
  const productApi = useInjection(ProductApiToken);
  const [call] = useState(() => productApi.getServiceHours());
  const state = useCallResult(call);
  return (
    <>
      <PageHeading>{t('ServiceHours.Title')}</PageHeading>
      {state.status === 'loading' && <Spinner label={t('App.Loading')} />}
      {state.status === 'done' && state.result._tag === 'Left' && <Alert severity="warning">{t('ServiceHours.LoadFailed')}</Alert>}
      {state.status === 'done' && state.result._tag === 'Right' && <HoursTable hours={state.result.right} />}
    </>
  );
}

function HoursTable({ hours }: { readonly hours: ServiceHours }) {
  const { t } = useTranslation('common');
  return (
    <>
      {hours.IsOpen ? (
        <Alert severity="success" className="ui-mb-2">
          {t('ServiceHours.Open')}
        </Alert>
      ) : (
        <ClosedNotice hours={hours} />
      )}
      <p className="ui-text ui-mb-1">{t('ServiceHours.Intro')}</p>
      <table className="page-table ui-mb-2">
        <caption>{t('ServiceHours.TableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('ServiceHours.Weekday')}</th>
            <th scope="col">{t('ServiceHours.Hours')}</th>
          </tr>
        </thead>
        <tbody>
          {hoursByWeekday(hours.Hours).map(({ weekday, ranges }) => (
            <tr key={weekday}>
              <th scope="row">{weekdayName(weekday)}</th>
              <td>{dayHoursText(ranges, t)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {/* The sections' own spacing below it: without, the note sat flush above the next heading (phone tester). */}
      <p className="ui-text ui-body2 ui-muted ui-mb-2">{timeZoneNote(hours.TimeZone, t)}</p>
      <UpcomingClosures hours={hours} />
      {!hours.IsOpen && <FirmReachableMeanwhile />}
    </>
  );
}

/** While the chat is closed: the firm's phone and e-mail from its Kanzleiangaben, where it gave any. */
function FirmReachableMeanwhile() {
  const { t } = useTranslation('common');
  const details = firmDetailsOf(useInjection(AppConfigToken));
  if (details === null || (details.Phone === '' && details.Email === '')) return null;
  return (
    <TitledSection id="service-hours-contact" heading={t('ServiceHours.ContactHeading')}>
      <p className="ui-text">
        {t('ServiceHours.ContactIntro', { firm: details.Name })}
        <br />
        <FirmContact details={details} phoneLabel={t('ServiceHours.ContactPhone')} emailLabel={t('ServiceHours.ContactEmail')} />
      </p>
    </TitledSection>
  );
}
