// /logout: ends the product session and the chat host session, then confirms in German.
import { useState } from 'react';
import { map, switchMap } from 'rxjs';
import { useTranslation } from 'react-i18next';
import type { Call, ChatHostApi, ProductApi } from '@rechtschat/core';
import { useInjection } from '../app/ContainerContext.js';
import { ChatHostApiToken, EndChatConnectionToken, ProductApiToken, StorageToken, type EndChatConnection } from '../app/tokens.js';
import { CHAT_HOST_SESSION_KEY } from '../chat/pages/enterNewChat.js';
import { forgetChatPersonData } from '../chat/pages/chatTabData.js';
import { logoutDe } from '../i18n/de-DE/logout.js';
import { useTexts } from '../i18n/useTexts.js';
import { useCallResult } from '../app/useCallResult.js';
import { PageHeading } from '../layout/PageHeading.js';
import { Alert, Spinner } from '../ui/index.js';
import './pages.css';

/**
 * The page's own chat connection ends first (quietly, as intended – otherwise the chat host's logout closes it from
 * the server with an error), then the product logout and the chat host's; the chat host is asked even if the product
 * logout failed. Ok only if both confirmed.
 */
export function logoutEverywhere(productApi: ProductApi, chatHostApi: ChatHostApi, endChatConnection: EndChatConnection): Call<void> {
  return endChatConnection().pipe(
    switchMap(() => productApi.logout()),
    switchMap((product) => chatHostApi.logout().pipe(map((chatHost) => (product._tag === 'Left' ? product : chatHost)))),
  );
}

const LOGOUT_TEXTS = [['common', logoutDe]] as const;

export function LogoutPage() {
  useTexts(LOGOUT_TEXTS);
  const { t } = useTranslation('common');
  const productApi = useInjection(ProductApiToken);
  const chatHostApi = useInjection(ChatHostApiToken);
  const storage = useInjection(StorageToken);
  const endChatConnection = useInjection(EndChatConnectionToken);
  const [call] = useState(() => {
    storage.remove(CHAT_HOST_SESSION_KEY);
    // An unfinished onboarding (problem description, e-mail) and unsent texts must not outlive the session on a shared computer.
    forgetChatPersonData(storage);
    return logoutEverywhere(productApi, chatHostApi, endChatConnection);
  });
  const state = useCallResult(call);
  return (
    <>
      <PageHeading>{t('Logout.Title')}</PageHeading>
      {state.status === 'loading' ? (
        <Alert severity="info" role="status">
          <span className="page-inline-progress">
            <Spinner size={20} />
            {t('Logout.Working')}
          </span>
        </Alert>
      ) : (
        <Alert severity={state.result._tag === 'Right' ? 'success' : 'warning'} role="status" className="ui-mb-3">
          {state.result._tag === 'Right' ? t('Logout.Done') : t('Logout.Partial')}
        </Alert>
      )}
      {state.status === 'done' && <p className="ui-text">{t('Logout.Again')}</p>}
    </>
  );
}
