// The Servicezeiten page inside the chat area, in a chunk of its own: reached also without a session (the link's
// login was refused after hours), so "Abmelden" shows only with one. The chat screen never needs it.
import { ServiceHoursPage } from '../../pages/ServiceHoursPage.js';
import { LogoutOnlyWithSession } from './LogoutOnlyWithSession.js';

export function ChatServiceHoursPage() {
  return (
    <LogoutOnlyWithSession>
      <ServiceHoursPage />
    </LogoutOnlyWithSession>
  );
}
