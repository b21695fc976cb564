// "Abmelden" on the callback confirmation ends only the chat host session (the product session goes on).
import { switchMap } from 'rxjs';
import type { Call, ChatHostApi } from '@rechtschat/core';
import type { EndChatConnection } from '../../app/tokens.js';

/** The page's own chat connection ends first, as intended: the chat host's logout would close it from the server with an error. */
export function endChatHostSession(endChatConnection: EndChatConnection, chatHostApi: ChatHostApi): Call<void> {
  return endChatConnection().pipe(switchMap(() => chatHostApi.logout()));
}
