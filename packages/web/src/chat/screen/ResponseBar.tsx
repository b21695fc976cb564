import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatCommands, ChatEnding, ChatViewState } from '@rechtschat/core';
import { SingleLineResponse } from './SingleLineResponse.js';
import { StatusLine } from './StatusLine.js';
import { TextResponse } from './TextResponse.js';
import { UnsentDraftNotice } from './UnsentDraftNotice.js';
import { YesNoResponse } from './YesNoResponse.js';

/** The rating with its texts is a chunk of its own: only the offboarding after a consultation asks for it. */
const RatingResponse = lazy(() => import('./RatingResponse.js').then((m) => ({ default: m.RatingResponse })));

/** The closing line by how the chat ended: only a consultation that took place is thanked for. */
const CLOSING_LINE: Readonly<Record<ChatEnding, string>> = {
  consultation: 'Chat.Input.Done',
  callback: 'Chat.Input.Done.Callback',
  withoutConsultation: 'Chat.Input.Done.WithoutConsultation',
};

interface ResponseBarProps {
  readonly state: ChatViewState;
  readonly commands: ChatCommands;
}

/** The input that fits the current bot step or the live chat, chosen by `responseType`. */
export function ResponseBar({ state, commands }: ResponseBarProps) {
  const { t } = useTranslation('chat');
  const { responseType } = state;
  // Whether this screen has shown an answer form: only then can the closing line have replaced one (not on a reload).
  const formShown = useRef(false);
  // The last e-mail address and phone number the bot took: asked again after „Nein“, the field starts with it.
  const previousAnswers = useRef<Partial<Record<'EMail' | 'PhoneNumber', string>>>({});
  useEffect(() => {
    if (responseType !== null && responseType !== 'AskForNextMessage' && responseType !== 'Done') formShown.current = true;
  }, [responseType]);
  const input = inputFor(state, commands, formShown.current, previousAnswers.current, t);
  // After the end, what the person was still typing to the lawyer (the live chat's draft) stands above the next input.
  if (!state.caseClosed || state.chatId === null) return input;
  return (
    <>
      <UnsentDraftNotice draftKey={`rc.chat.draft.${state.chatId}`} />
      {input}
    </>
  );
}

function inputFor(
  state: ChatViewState,
  commands: ChatCommands,
  formShown: boolean,
  previousAnswers: Partial<Record<'EMail' | 'PhoneNumber', string>>,
  t: (key: string) => string,
) {
  const { responseType, busy } = state;
  switch (responseType) {
    case null:
    case 'AskForNextMessage':
      return null;
    case 'Text':
      return (
        <TextResponse
          // One draft per conversation: the problem description before a chat exists, then each chat's own.
          draftKey={`rc.chat.draft.${state.chatId ?? 'neu'}`}
          minLength={state.minTextLength}
          maxLength={state.maxTextLength}
          lawyerConnected={state.lawyerConnected}
          liveChat={state.phase === 1 && state.lawyerConnected && !state.caseClosed}
          busy={busy}
          uploadingFileName={state.uploadingFileName}
          uploadPercent={state.uploadPercent}
          cancelledUploadFileName={state.cancelledUploadFileName}
          submitText={(text) => commands.submitText(text)}
          userTyping={() => commands.userTyping()}
          uploadFile={(file) => commands.uploadFile(file, file.name)}
          cancelUpload={() => commands.cancelUpload()}
        />
      );
    case 'EMail':
    case 'PhoneNumber':
      return (
        <SingleLineResponse
          key={responseType}
          kind={responseType}
          draftKey={`rc.chat.answer.${responseType}.${state.chatId ?? 'neu'}`}
          busy={busy}
          submitText={(text) => commands.submitText(text)}
          skip={() => commands.skip()}
          previousAnswer={previousAnswers[responseType]}
          onAccepted={(text) => (previousAnswers[responseType] = text)}
        />
      );
    case 'YesOrNo':
    case 'YesOrNoPhone':
    case 'YesOrNoEmail':
      return <YesNoResponse busy={busy} answer={(yes) => commands.answerYesNo(yes)} />;
    case 'Rating':
      return (
        <Suspense fallback={null}>
          <RatingResponse
            draftKey={`rc.chat.rating.${state.chatId ?? 'neu'}`}
            busy={busy}
            saved={state.ratingSaved}
            maxCommentLength={state.maxTextLength}
            submitRating={(stars, comment) => commands.submitRating(stars, comment)}
          />
        </Suspense>
      );
    case 'Done':
      return <StatusLine text={t(CLOSING_LINE[state.ending ?? 'consultation'])} takeFocus={formShown} />;
    default:
      return exhaustive(responseType);
  }
}

function exhaustive(value: never): never {
  throw new Error(`Unbekannter Antworttyp: ${String(value)}`);
}
