// The closed state named on the Servicezeiten page: the closure in force today with its note ("Am 24.12.2026 ist die
// Chatberatung geschlossen: Heiligabend."), when the chat opens again if the server knows it, and the closures planned
// within the next weeks. Dates de-DE via Intl: closure days are calendar dates, the opening an instant in German time.
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ServiceClosureNotice, ServiceHours } from '@rechtschat/core';
import { LOCALE } from '../i18n/i18n.js';
import { Alert } from '../ui/index.js';
import { TitledSection } from './TitledSection.js';

let dayFormat: Intl.DateTimeFormat | undefined;
let openingFormat: Intl.DateTimeFormat | undefined;

/** "24.12.2026" for a calendar day 'YYYY-MM-DD', whatever the browser's zone. */
function formatDay(day: string): string {
  dayFormat ??= new Intl.DateTimeFormat(LOCALE, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}

/** "Montag, 28.12.2026, 08:00" for an instant, in German time. */
function formatOpening(iso: string): string {
  openingFormat ??= new Intl.DateTimeFormat(LOCALE, {
    weekday: 'long',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/Berlin',
  });
  return openingFormat.format(new Date(iso));
}

/** "Am 24.12.2026 ist …" or "Vom 23.12.2026 bis 24.12.2026 ist …". */
function closureText(closure: ServiceClosureNotice, t: TFunction<'common'>): string {
  return closure.FirstDay === closure.LastDay
    ? t('ServiceHours.ClosedOn', { day: formatDay(closure.FirstDay), note: closure.Note })
    : t('ServiceHours.ClosedFromTo', { first: formatDay(closure.FirstDay), last: formatDay(closure.LastDay), note: closure.Note });
}

/** Why the chat is closed and until when; null while it is open. */
export function ClosedNotice({ hours }: { readonly hours: ServiceHours }) {
  const { t } = useTranslation('common');
  if (hours.IsOpen) return null;
  return (
    <Alert severity="info" className="ui-mb-2">
      {hours.Closure ? closureText(hours.Closure, t) : t('ServiceHours.Closed')}
      {hours.OpensAt && <> {t('ServiceHours.OpensAt', { when: formatOpening(hours.OpensAt) })}</>}
    </Alert>
  );
}

/** The closures planned within the next weeks (not today's), as a list; nothing when there are none. */
export function UpcomingClosures({ hours }: { readonly hours: ServiceHours }) {
  const { t } = useTranslation('common');
  const upcoming = hours.UpcomingClosures ?? [];
  if (upcoming.length === 0) return null;
  return (
    <TitledSection id="upcoming-closures" heading={t('ServiceHours.UpcomingHeading')}>
      <ul className="ui-text">
        {upcoming.map((closure) => (
          <li key={`${closure.FirstDay}-${closure.Note}`}>
            {closure.FirstDay === closure.LastDay
              ? t('ServiceHours.UpcomingDay', { day: formatDay(closure.FirstDay), note: closure.Note })
              : t('ServiceHours.UpcomingRange', { first: formatDay(closure.FirstDay), last: formatDay(closure.LastDay), note: closure.Note })}
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}
