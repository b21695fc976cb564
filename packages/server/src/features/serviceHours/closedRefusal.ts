// The refusal of the customer login, the chat session ticket and StartChat while the chat is closed. On a closure day
// (a holiday, Betriebsferien) it names the closure with the note the administrators entered and when the chat opens
// again – „außerhalb der Servicezeiten“ alone left the client guessing on a weekday that normally has hours. The dates
// are written by core's Berlin-time rules, not Intl: a German Intl format would page ICU's data into the server (ADR 0015).
import { germanCalendarDay, germanWeekdayDateTimeAt, type ServiceHours } from '@rechtschat/core';
import { outsideServiceHours } from '../../platform/serviceHours.js';
import type { DomainError } from '../../platform/errors.js';

/** The German message for a closed chat, in the words of the web app's Servicezeiten page. */
export function closedMessage(hours: ServiceHours): string {
  const closure = hours.Closure;
  if (!closure) return outsideServiceHours().message;
  const closed =
    closure.FirstDay === closure.LastDay
      ? `Am ${germanCalendarDay(closure.FirstDay)} ist die Chatberatung geschlossen: ${closure.Note}.`
      : `Vom ${germanCalendarDay(closure.FirstDay)} bis ${germanCalendarDay(closure.LastDay)} ist die Chatberatung geschlossen: ${closure.Note}.`;
  return hours.OpensAt ? `${closed} Ab ${germanWeekdayDateTimeAt(Date.parse(hours.OpensAt))} Uhr sind wir wieder für Sie da.` : closed;
}

/** The 403 `OutsideServiceHours` with that message. */
export function closedRefusal(hours: ServiceHours): DomainError {
  return outsideServiceHours(closedMessage(hours));
}
