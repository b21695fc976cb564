// Root component of the lawyer console: resolves the chat host, then Anmeldung → Warteschlange → Chat.
import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import CssBaseline from '@mui/material/CssBaseline';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { HubConnectionLike } from '@rechtschat/adapters/signalr';
import type { i18n } from 'i18next';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { createLawyerApi, fetchChatUrl, type FetchLike, type LawyerApi } from './api/lawyerApi.js';
import { createI18n } from './i18n/i18n.js';
import { ChatScreen } from './screens/ChatScreen.js';
import { LoginScreen } from './screens/LoginScreen.js';
import { QueueScreen } from './screens/QueueScreen.js';
import { errorKey, useSession } from './state/useSession.js';
import { useWorkspace } from './state/useWorkspace.js';
import type { LawyerProfile } from '@rechtschat/core';
import type { ConsoleTextKey } from './i18n/texts.de.js';

export interface ConsoleDeps {
  readonly fetcher: FetchLike;
  /** Origin of the web app that serves the console (asked for the chat host address). */
  readonly webOrigin: string;
  readonly connect: (hubUrl: string) => HubConnectionLike;
  readonly now: () => number;
  readonly i18n?: i18n;
}

export function ConsoleApp(deps: ConsoleDeps) {
  const instance = useMemo(() => deps.i18n ?? createI18n(), [deps.i18n]);
  return (
    <I18nextProvider i18n={instance}>
      <CssBaseline />
      <Console {...deps} />
    </I18nextProvider>
  );
}

function Console({ fetcher, webOrigin, connect, now }: ConsoleDeps) {
  const { t } = useTranslation();
  const [api, setApi] = useState<LawyerApi | null>(null);
  const [startError, setStartError] = useState<ConsoleTextKey | null>(null);
  const { state, login, logout, expire } = useSession(api);

  useEffect(() => {
    let live = true;
    void fetchChatUrl(fetcher, webOrigin).then((result) => {
      if (!live) return;
      if (result._tag === 'Right') setApi(createLawyerApi(fetcher, result.right));
      else setStartError(errorKey(result.left));
    });
    return () => {
      live = false;
    };
  }, [fetcher, webOrigin]);

  return (
    <>
      <Link href="#inhalt" className="skip-link" sx={{ position: 'absolute', left: -9999, '&:focus': { left: 8, top: 8, zIndex: 2000, bgcolor: 'background.paper', p: 1 } }}>
        {t('Console.SkipToContent')}
      </Link>
      <AppBar position="static" component="header">
        <Toolbar sx={{ gap: 2 }}>
          <Typography variant="h6" component="h1" sx={{ flexGrow: 1 }}>
            {t('Console.Title')}
          </Typography>
          {state.status === 'signedIn' && (
            <>
              <Typography component="span">{t('Header.SignedInAs', { name: state.me.Name })}</Typography>
              <Button color="inherit" variant="outlined" onClick={() => void logout()}>
                {t('Header.Logout')}
              </Button>
            </>
          )}
        </Toolbar>
      </AppBar>
      <Container component="main" id="inhalt" tabIndex={-1} maxWidth="md" sx={{ py: 4 }}>
        {startError && <Alert severity="error">{t(startError)}</Alert>}
        {!startError && (api === null || state.status === 'checking') && <Typography role="status">{t('Console.Loading')}</Typography>}
        {api && state.status === 'signedOut' && <LoginScreen error={state.error} busy={state.busy} onLogin={(email, password, totpCode) => void login(email, password, totpCode)} />}
        {api && state.status === 'signedIn' && <Workspace api={api} me={state.me} connect={connect} now={now} onSessionExpired={expire} />}
      </Container>
    </>
  );
}

interface WorkspaceProps {
  readonly api: LawyerApi;
  readonly me: LawyerProfile;
  readonly connect: ConsoleDeps['connect'];
  readonly now: () => number;
  readonly onSessionExpired: () => void;
}

function Workspace({ api, me, connect, now, onSessionExpired }: WorkspaceProps) {
  const { t } = useTranslation();
  const workspace = useWorkspace({ api, connect, now, onSessionExpired });
  return (
    <>
      <div aria-live="assertive">{workspace.error && <Alert severity="error">{t(workspace.error)}</Alert>}</div>
      {workspace.active ? (
        <ChatScreen
          chat={workspace.active}
          lawyerId={me.Id}
          colleagues={workspace.colleagues}
          participantTyping={workspace.participantTyping}
          onSend={workspace.send}
          onTyping={workspace.typing}
          onClose={(phone) => void workspace.close(phone)}
          onForward={(id) => void workspace.forward(id)}
          onBack={workspace.leave}
        />
      ) : (
        <QueueScreen queue={workspace.queue} callbacks={workspace.callbacks} canAccept={workspace.connected} onAccept={(entry) => void workspace.accept(entry)} />
      )}
    </>
  );
}
