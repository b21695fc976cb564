// A page of the chat area that anyone may open, signed in or not (the Servicezeiten page): the header's "Abmelden"
// belongs there only when there is a session to end. Without one the page is marked `signed-out`, which global.css
// reads to hide the button (as on the signed-out chat page) – also while the session is checked, so that the button
// does not flash up for a visitor who has none. When the check fails the button stays: logging out is harmless.
import { useState, type ReactNode } from 'react';
import { useInjection } from '../../app/ContainerContext.js';
import { ProductApiToken } from '../../app/tokens.js';
import { useCallResult } from '../../app/useCallResult.js';

export function LogoutOnlyWithSession({ children }: { readonly children: ReactNode }) {
  const productApi = useInjection(ProductApiToken);
  const [currentUser] = useState(() => productApi.getCurrentUser());
  const state = useCallResult(currentUser);
  const session = state.status === 'done' && (state.result._tag === 'Left' || state.result.right !== null);
  return <div className={session ? undefined : 'signed-out'}>{children}</div>;
}
