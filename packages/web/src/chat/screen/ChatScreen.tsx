import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../routing/Link.js';
import type { ChatController, ChatViewState } from '@rechtschat/core';
import { Spinner } from '../../ui/index.js';
import { useChatScreenServices } from './chatScreenServices.js';
import type { ChatScreenServices } from './chatScreenServices.js';
import { ErrorAlert } from './ErrorAlert.js';
import { InactivityDialog } from './InactivityDialog.js';
import { LawyerQueue } from './LawyerQueue.js';
import { MESSAGE_LIST_ID, MessageList } from './MessageList.js';
import { ResponseBar } from './ResponseBar.js';
import { ChatElsewhereNotice } from './ChatElsewhereNotice.js';
import { SkipLinks } from './SkipLinks.js';
import { ConnectionIndicator, TypingIndicator } from './StatusIndicators.js';
import { useKeyboardAwareHeight } from './useKeyboardAwareHeight.js';
import { useObservableState } from './useObservableState.js';
import './chat.css';
import { CALLBACK_FORM_ID, CHAT_INPUT_ID } from './answerFocus.js';

/** The usage confirmation with its texts is a chunk of its own: only a closed consultation or an earlier one offers it. */
const loadUsageConfirmation = () => import('./UsageConfirmation.js');
const UsageConfirmationButton = lazy(() => loadUsageConfirmation().then((m) => ({ default: m.UsageConfirmationButton })));
const UsageConfirmationDialog = lazy(() => loadUsageConfirmation().then((m) => ({ default: m.UsageConfirmationDialog })));
/** So is the file-forwarding question, asked only when a lawyer leaves a chat with shared files. */
const FileForwardingDialog = lazy(() => import('./FileForwardingDialog.js').then((m) => ({ default: m.FileForwardingDialog })));

/**
 * After the usage-confirmation dialog that opened with the page: the focus went back to where it was then – the page's
 * <main> or <body>, since the bot had not asked yet – and not to the answer field that appeared meanwhile.
 */
function focusAnswerIfLost(): void {
  const active = document.activeElement;
  if (active === null || active === document.body || active.tagName === 'MAIN') focusAnswer();
}

/** The answer's field (or, when the current step has none, its region). */
function focusAnswer(): void {
  const region = document.getElementById(CHAT_INPUT_ID);
  const field = region?.querySelector<HTMLElement>('textarea, input:not([type="hidden"]), button');
  (field ?? region)?.focus();
}

/** Whether the step is answered in a form of the answer region (not the bot typing on, not the closing line). */
function answersInForm(responseType: ChatViewState['responseType']): boolean {
  return responseType !== null && responseType !== 'AskForNextMessage' && responseType !== 'Done';
}

/** The answer's region itself, when the focus was lost with the form that had it. */
function focusRegionIfLost(): void {
  const active = document.activeElement;
  if (active === null || active === document.body || active.tagName === 'MAIN') document.getElementById(CHAT_INPUT_ID)?.focus();
}

export interface ChatScreenProps {
  readonly controller: ChatController;
  /** The new-chat route (no case id in the URL): a usage confirmation opens in a dialog. */
  readonly isNewChat?: boolean;
  /** Overrides the services from ChatScreenServicesContext. */
  readonly services?: ChatScreenServices;
}

/** The chat screen: renders the controller's view state and forwards every action to it. */
export function ChatScreen({ controller, isNewChat = false, services }: ChatScreenProps) {
  const { t } = useTranslation('chat');
  const contextServices = useChatScreenServices();
  const state = useObservableState(controller.state$);
  const effectiveServices = services ?? contextServices;
  // While the callback form is open the chat's own input (and its "Senden") is hidden under it.
  const [callbackFormOpen, setCallbackFormOpen] = useState(false);
  useKeyboardAwareHeight();
  const waitingForLawyer = state?.waitingForLawyer ?? false;
  const wasWaiting = useRef(waitingForLawyer);
  useEffect(() => {
    if (wasWaiting.current && !waitingForLawyer) {
      // The lawyer joined: the queue – with „Rückruf vereinbaren“ or the callback form, where the focus may have been –
      // is gone. The focus would fall to the page's start; it goes to the answer instead, where the chat goes on.
      setCallbackFormOpen(false);
      if (document.activeElement === null || document.activeElement === document.body) focusAnswer();
    }
    wasWaiting.current = waitingForLawyer;
  }, [waitingForLawyer]);
  const lawyerConnected = state?.lawyerConnected ?? false;
  const wasConnected = useRef(lawyerConnected);
  useEffect(() => {
    // The lawyer ended (or forwarded) the chat: the answer field went away with the focus in it, which fell to the
    // page's start. It continues in the answer's region, where the bot's next question appears (keyboard tester).
    if (wasConnected.current && !lawyerConnected) focusAnswerIfLost();
    wasConnected.current = lawyerConnected;
  }, [lawyerConnected]);
  const responseType = state?.responseType ?? null;
  const previousResponse = useRef(responseType);
  useEffect(() => {
    // An answered step's form goes while the bot types its next question, and the focus in it („Senden“, „Ja“, the
    // field) fell to the page's start for seconds – a Tab then began at „Zum Inhalt springen“. It stays in the answer's
    // region, where the next form takes it (keyboard and screen-reader pass, 2026-12-07).
    if (previousResponse.current !== responseType && answersInForm(previousResponse.current)) focusRegionIfLost();
    previousResponse.current = responseType;
  }, [responseType]);
  const askingFileForwarding = state?.fileForwardingQuestion ?? false;
  const wasAsking = useRef(askingFileForwarding);
  useEffect(() => {
    // „Dateien weitergeben?“ hands the focus back to what had it – mostly „Datei hochladen“, which is not shown while the
    // forwarded chat waits again – and it fell to the page's start. It goes to the answer instead.
    if (wasAsking.current && !askingFileForwarding) focusAnswerIfLost();
    wasAsking.current = askingFileForwarding;
  }, [askingFileForwarding]);

  if (!state) {
    return (
      <div role="status" className="chat-loading">
        <Spinner size={24} />
        <p className="ui-text">{t('Chat.Screen.Loading')}</p>
      </div>
    );
  }

  const download = () => controller.downloadUsageConfirmation();
  const showUsageButton = state.usageConfirmationAvailable && (state.phase === 2 || state.caseClosed);
  // Past the intake: the note above the chat („Zuerst nimmt der digitale Assistent …“) is history (chat.css).
  const pastIntake = state.lawyerConnected || state.phase === 2 || state.caseClosed;
  // The callback form replaces the answer bar while it is open; „Zur Eingabe springen“ leads into it then (outside tester).
  const callbackFormShown = state.waitingForLawyer && state.callbackOffered && callbackFormOpen;

  return (
    <section aria-label={t('Chat.Screen.Title')} className={pastIntake ? 'chat-screen chat-screen--past-intake' : 'chat-screen'}>
      <SkipLinks messagesId={MESSAGE_LIST_ID} inputId={callbackFormShown ? CALLBACK_FORM_ID : CHAT_INPUT_ID} />
      <MessageList messages={state.messages} chatId={state.chatId} services={effectiveServices} />
      <TypingIndicator botTyping={state.botTyping} lawyerTyping={state.lawyerTyping} lawyerName={state.lawyerName} />
      {state.waitingForLawyer ? (
        <LawyerQueue
          callbackOffered={state.callbackOffered}
          callbackRequested={state.callbackRequested}
          queuePosition={state.queuePosition}
          expectedWaitMinutes={state.expectedWaitMinutes}
          busy={state.busy}
          now={controller.now()}
          errorKey={state.errorKey}
          onDismissError={() => controller.dismissError()}
          requestCallback={(form) => controller.requestCallback(form)}
          formOpen={callbackFormOpen}
          setFormOpen={setCallbackFormOpen}
        />
      ) : (
        state.errorKey && <ErrorAlert errorKey={state.errorKey} onDismiss={() => controller.dismissError()} />
      )}
      {state.runningChatCaseId !== null && <ChatElsewhereNotice caseId={state.runningChatCaseId} reason="runningElsewhere" />}
      {/* Right above the input, so a phone shows it where the participant types (not above the transcript). */}
      <ConnectionIndicator notice={state.connectionNotice} closedByServer={state.closedByServer} retrySeconds={state.connectionRetrySeconds} />
      <section id={CHAT_INPUT_ID} tabIndex={-1} aria-label={t('Chat.Input.Region')} className="chat-input-region">
        {!callbackFormShown && <ResponseBar state={state} commands={controller} />}
      </section>
      {showUsageButton && (
        <Suspense fallback={null}>
          <UsageConfirmationButton download={download} />
        </Suspense>
      )}
      {/* Where the bot says one can start again, the way to do it (a new history entry: Back returns here). */}
      {state.responseType === 'Done' && (
        <p className="chat-new-consultation">
          {/* The router still believes it is on /chat/new (the case address came by replaceState): push, never replace. */}
          <Link className="button button-contained" to="/chat/new" replace={false}>
            {t('Chat.NewConsultation')}
          </Link>
        </p>
      )}
      {state.fileForwardingQuestion && (
        <Suspense fallback={null}>
          <FileForwardingDialog open busy={state.busy} answer={(allow) => controller.answerFileForwarding(allow)} />
        </Suspense>
      )}
      <InactivityDialog warning={state.inactivity} stayActive={() => controller.stayActive()} />
      {isNewChat && state.usageConfirmationAvailable && (
        <Suspense fallback={null}>
          <UsageConfirmationDialog available={state.caseId === null} download={download} onDismissed={focusAnswerIfLost} />
        </Suspense>
      )}
    </section>
  );
}
