// The refusal of the customer login, the chat session ticket and StartChat while the chat is closed. On a closure day
// (a holiday, Betriebsferien) it names the closure with the note the administrators entered and when the chat opens
// again – „außerhalb der Servicezeiten“ alone left the client guessing on a weekday that normally has hours.
import type { ServiceHours } from '@rechtschat/core';
import { outsideServiceHours } from '../../platform/serviceHours.js';
import type { DomainError } from '../../platform/errors.js';

// Made on first use: a German Intl format pages in ICU's locale data (about 8 MB of RSS), which a server that only
// carries chats never needs (docs/performance.md, "Memory").
let dayFormat: Intl.DateTimeFormat | undefined;
let openingFormat: Intl.DateTimeFormat | undefined;

/** "24.12.2026" for a calendar day 'YYYY-MM-DD' (closure days are calendar dates, not instants). */
function formatDay(day: string): string {
  dayFormat ??= new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}

/** "Montag, 04.01.2027, 08:00" in Berlin time. */
function formatOpening(instant: string): string {
  openingFormat ??= new Intl.DateTimeFormat('de-DE', {
    weekday: 'long',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/Berlin',
  });
  return openingFormat.format(new Date(instant));
}

/** The German message for a closed chat, in the words of the web app's Servicezeiten page. */
export function closedMessage(hours: ServiceHours): string {
  const closure = hours.Closure;
  if (!closure) return outsideServiceHours().message;
  const closed =
    closure.FirstDay === closure.LastDay
      ? `Am ${formatDay(closure.FirstDay)} ist die Chatberatung geschlossen: ${closure.Note}.`
      : `Vom ${formatDay(closure.FirstDay)} bis ${formatDay(closure.LastDay)} ist die Chatberatung geschlossen: ${closure.Note}.`;
  return hours.OpensAt ? `${closed} Ab ${formatOpening(hours.OpensAt)} Uhr sind wir wieder für Sie da.` : closed;
}

/** The 403 `OutsideServiceHours` with that message. */
export function closedRefusal(hours: ServiceHours): DomainError {
  return outsideServiceHours(closedMessage(hours));
}
