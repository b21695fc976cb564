import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AvailabilitySlot, SubmitOutcome } from '@rechtschat/core';
import { Button, LinearProgress } from '../../ui/index.js';
import { ErrorAlert } from './ErrorAlert.js';

// A chunk of its own: only a person who has waited 59 s is offered the callback, so the chat is usable sooner
// without it; it is fetched as soon as the offer appears, before anyone opens the form.
const loadCallbackForm = () => import('./CallbackForm.js');
const CallbackForm = lazy(() => loadCallbackForm().then((m) => ({ default: m.CallbackForm })));

interface LawyerQueueProps {
  readonly callbackOffered: boolean;
  /** The request's place in the queue (1 = next) once the server said it, else null. */
  readonly queuePosition: number | null;
  /** The median wait of recently taken chats in minutes, when the server had enough to go by; else null. */
  readonly expectedWaitMinutes: number | null;
  readonly callbackRequested: boolean;
  readonly busy: boolean;
  /** The controller's clock (epoch ms), for the windows the callback form still offers. */
  readonly now: number;
  readonly errorKey: string | null;
  readonly onDismissError: () => void;
  readonly requestCallback: (form: { readonly phone: string; readonly date: string; readonly slot: AvailabilitySlot }) => SubmitOutcome;
  /** Whether the callback form is open: ChatScreen hides the chat's own input meanwhile. */
  readonly formOpen: boolean;
  readonly setFormOpen: (open: boolean) => void;
}

/** Waiting for a lawyer; after 59 s core offers a callback instead. */
export function LawyerQueue({
  callbackOffered,
  queuePosition,
  expectedWaitMinutes,
  callbackRequested,
  busy,
  now,
  errorKey,
  onDismissError,
  requestCallback,
  formOpen,
  setFormOpen,
}: LawyerQueueProps) {
  const { t } = useTranslation('chat');
  // After "Abbrechen" the form is gone: keyboard and screen-reader users go back to the button that opened it.
  const openButton = useRef<HTMLButtonElement>(null);
  const [returnFocus, setReturnFocus] = useState(false);
  useEffect(() => {
    if (callbackOffered) loadCallbackForm().catch(() => undefined);
  }, [callbackOffered]);
  useEffect(() => {
    if (formOpen || !returnFocus) return;
    openButton.current?.focus();
    setReturnFocus(false);
  }, [formOpen, returnFocus]);

  return (
    <section aria-label={t('Chat.Queue.Title')} className="chat-queue">
      {callbackRequested ? (
        <p role="status" className="ui-text">
          {t('Chat.Queue.CallbackRequested')}
        </p>
      ) : (
        <>
          <p className="ui-text">{t('Chat.Queue.Waiting')}</p>
          <p className="ui-text chat-queue__position" role="status">
            {queuePosition !== null && t('Chat.Queue.Position', { count: queuePosition })}
            {expectedWaitMinutes !== null && ` ${t('Chat.Queue.Wait', { count: expectedWaitMinutes })}`}
          </p>
          <LinearProgress className="chat-queue__progress" label={t('Chat.Queue.Waiting')} />
          {/* Mounted while waiting, so the offer is read out when it appears – the focus is in the message field, and the
              offer's own text and button appear silently. It keeps its text while the form opens and closes. */}
          <p role="status" className="visually-hidden">
            {callbackOffered && t('Chat.Queue.CallbackOfferAnnounced')}
          </p>
          {callbackOffered && !formOpen && (
            <div className="chat-queue__offer">
              <p className="ui-text chat-queue__offer-text">{t('Chat.Queue.CallbackOffer')}</p>
              <Button ref={openButton} variant="outlined" onClick={() => setFormOpen(true)}>
                {t('Chat.Queue.CallbackOpen')}
              </Button>
            </div>
          )}
          {callbackOffered && formOpen && (
            <Suspense fallback={null}>
              <CallbackForm
                now={now}
                busy={busy}
                failureKey={errorKey}
                requestCallback={requestCallback}
                onCancel={() => {
                  setFormOpen(false);
                  setReturnFocus(true);
                }}
              />
            </Suspense>
          )}
        </>
      )}
      {/* With the form open it shows the error next to its fields. */}
      {errorKey && !(callbackOffered && formOpen && !callbackRequested) && <ErrorAlert errorKey={errorKey} onDismiss={onDismissError} />}
    </section>
  );
}
