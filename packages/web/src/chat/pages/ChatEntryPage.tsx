// chat/new and chat/:caseId: checks the session (and signs in from an InsuranceNumber link), then shows the chat.
import { lazy, Suspense, useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams, useSearchParams } from 'react-router-dom';
import { useInjection } from '../../app/ContainerContext.js';
import { ChatControllerFactoryToken, ChatHostApiToken, ProductApiToken, StorageToken } from '../../app/tokens.js';
import { useObservableValue } from '../../app/useCallResult.js';
import { PageHeading } from '../../layout/PageHeading.js';
import { enterNewChat, type NewChatOutcome } from './enterNewChat.js';

// The chat screen and its controller come in their own chunks, fetched while the session is checked.
const loadChatScreenHost = () => import('./ChatScreenHost.js');
const ChatScreenHost = lazy(() => loadChatScreenHost().then((m) => ({ default: m.ChatScreenHost })));

function useEntry(insuranceNumber: string | null) {
  const ports = { productApi: useInjection(ProductApiToken), chatHostApi: useInjection(ChatHostApiToken), storage: useInjection(StorageToken) };
  const [entry] = useState(() => enterNewChat(ports, insuranceNumber));
  const loadChatController = useInjection(ChatControllerFactoryToken);
  useEffect(() => {
    // Fetch the chat chunk while the session calls run; a failure surfaces later in ChatScreenHost.
    loadChatController().catch(() => undefined);
    loadChatScreenHost().catch(() => undefined);
  }, [loadChatController]);
  return useObservableValue(entry);
}

function Preparing() {
  const { t } = useTranslation('chat');
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 3 }}>
      <CircularProgress size={24} aria-hidden="true" />
      <Typography>{t('ChatPages.New.Preparing')}</Typography>
    </Box>
  );
}

function NotSignedIn() {
  const { t } = useTranslation('chat');
  return (
    <>
      <PageHeading>{t('ChatPages.New.NotSignedIn.Title')}</PageHeading>
      <Typography>{t('ChatPages.New.NotSignedIn.Text')}</Typography>
    </>
  );
}

function EntryOutcome({ outcome, caseId }: { readonly outcome: NewChatOutcome; readonly caseId?: string }) {
  const { t } = useTranslation('chat');
  switch (outcome.kind) {
    case 'redirect':
      return <Navigate to={outcome.to} replace />;
    case 'outsideServiceHours':
      return <Navigate to="/chat/ausserhalb-dienstzeit" replace />;
    case 'notSignedIn':
      return <NotSignedIn />;
    case 'failed':
      return (
        <>
          <PageHeading>{t('ChatPages.Title')}</PageHeading>
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {t(outcome.messageKey)}
          </Alert>
          <Button variant="contained" onClick={() => window.location.reload()}>
            {t('App.Retry', { ns: 'common' })}
          </Button>
        </>
      );
    case 'showChat':
      return (
        <>
          <Typography variant="h1" sx={visuallyHiddenHeading}>
            {t('ChatPages.Title')}
          </Typography>
          <Suspense fallback={<Preparing />}>
            <ChatScreenHost caseId={caseId} />
          </Suspense>
        </>
      );
  }
}

/** The chat screen has no visible page title; screen readers still get an h1. */
const visuallyHiddenHeading = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/** chat/new */
export function NewChatPage() {
  const [search] = useSearchParams();
  const entry = useEntry(search.get('InsuranceNumber'));
  return entry.status === 'loading' ? <Preparing /> : <EntryOutcome outcome={entry.value} />;
}

function CaseChat({ caseId }: { readonly caseId: string }) {
  const entry = useEntry(null);
  return entry.status === 'loading' ? <Preparing /> : <EntryOutcome outcome={entry.value} caseId={caseId} />;
}

/** chat/:caseId – keyed by the case so switching cases starts afresh. */
export function CaseChatPage() {
  const { caseId = '' } = useParams();
  return <CaseChat key={caseId} caseId={caseId} />;
}
