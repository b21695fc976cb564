// One chat tab: the bot's facts (and a case file started from them), the whole history (plain text only, files
// as download links), typing notice, answer field (Enter sends), file upload, phone request, close and forward.
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import {
  CHAT_FILE_ACCEPT,
  MAX_CHAT_TEXT_LENGTH,
  FORWARD_HOLD_MINUTES,
  MessageType,
  caseReferenceOf,
  emailForDisplay,
  insertTemplateText,
  remainingChatCharacters,
  type ChatEnd,
  type ChatTab,
  type Colleague,
  type TextTemplate,
  type TextTemplatesApi,
} from '@rechtschat/core';
import { ChatCaseFiles } from './ChatCaseFiles.js';
import { DownloadLink } from './DownloadLink.js';
import { FactList } from './FactList.js';
import { InlineConfirmation, SIDE_DIRECTION } from './InlineConfirmation.js';
import { FieldOfLawCorrection } from './FieldOfLawCorrection.js';
import { FileChooserButton } from './FileChooserButton.js';
import { MessageText } from './MessageText.js';
import { formatDate, formatDateTime, formatTime } from '../i18n/i18n.js';
import { ClientPresenceNote } from './ClientPresenceNote.js';
import { ColleagueOption } from './ColleagueOption.js';
import type { ConsoleTextKey } from '../i18n/texts.de.js';
import { messageKind, type MessageKind } from '../state/messages.js';
import { ScreenSection } from './ScreenSection.js';
import { InsertTextTemplateDialog } from './textTemplates/InsertTextTemplateDialog.js';
import { useFollowNewest } from './useFollowNewest.js';
import { limitFieldEdit } from '@rechtschat/adapters';
import { LiveNotice } from './LiveNotice.js';

const AUTHOR_KEY: Record<MessageKind, ConsoleTextKey> = {
  participant: 'Author.Participant',
  lawyer: 'Author.Lawyer',
  colleague: 'Author.Colleague',
  bot: 'Author.Bot',
  information: 'Author.Information',
};

/**
 * From 900 px (md) the chat is two columns: the log with the answer field on the left, the bot's facts and the chat's
 * actions beside it on the right. On a 1366 × 657 laptop window the facts and the 600 px log had put the answer field
 * two screens below the chat's heading in an 852 px column. The source order – log, answer, facts, actions – is the
 * order on screen in both layouts, so the keyboard's focus reads the left column and then the right one instead of
 * jumping from the facts on the right to the answer field on the left and back to the actions (WCAG 2.4.3); on a
 * narrow window the facts follow the answer field.
 */
const CHAT_LAYOUT: SxProps<Theme> = {
  display: 'grid',
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(17rem, 24rem)' },
  gridTemplateAreas: { xs: '"main" "facts" "tools"', md: '"main facts" "main tools"' },
  gridTemplateRows: { md: 'auto 1fr' },
  columnGap: 3,
  alignItems: 'start',
};

/** The log keeps the window's height less the sticky tab rows above it and the answer field, its help line and the typing line below. */
const LOG_MAX_HEIGHT = { xs: 600, md: 'max(14rem, min(45rem, calc(100dvh - 17rem)))' } as const;

const ENDED_KEY: Record<ChatEnd, ConsoleTextKey> = {
  closed: 'Chat.Closed',
  closedPhone: 'Chat.ClosedPhone',
  timedOut: 'Chat.TimedOut',
  forwarded: 'Chat.Forwarded',
  gone: 'Chat.Gone',
};

/**
 * How far the client's address is confirmed: by the protocol mail's link (the mailbox proven, double opt-in), or only
 * retyped in the chat (a typo repeated stays a typo), or not at all.
 */
function emailStatus(facts: ChatTab['facts']): ConsoleTextKey {
  if (facts.EmailVerifiedByMail === true) return 'Chat.EmailVerifiedByMail';
  return facts.VerifiedEmail ? 'Chat.EmailConfirmed' : 'Chat.EmailUnconfirmed';
}

export interface ChatScreenProps {
  readonly tab: ChatTab;
  readonly lawyerId: string;
  readonly colleagues: readonly Colleague[];
  readonly fileUrl: (fileId: string) => string;
  readonly onDraft: (text: string) => void;
  readonly onSend: () => void;
  readonly onAskPhone: (text: string) => void;
  readonly onUpload: (file: File) => void;
  readonly onClose: (requestPhoneNumber: boolean) => void;
  readonly onForward: (lawyerId: string) => void;
  /** Re-reads the colleagues: when the chat is shown and when the forward choice opens. */
  readonly onLoadColleagues: () => void;
  readonly onDismiss: () => void;
  /** Opens the case-file form filled with this chat's facts (also after the chat ended, not after forwarding it). */
  readonly onCreateCaseFile: () => void;
  /** Opens one of the lawyer's case files made from this chat in the case-files view. */
  readonly onOpenCaseFile?: (caseFileId: string) => void;
  /** The Textbausteine to insert into the answer; without it the composer offers none. */
  readonly textTemplates?: TextTemplatesApi;
  /**
   * Corrects the chat's field of law (also after it ended); without it – and in a chat the lawyer forwarded, whose case
   * the colleague holds now – the field is shown read-only.
   */
  readonly onChangeFieldOfLaw?: (fieldOfLaw: number) => void;
  /**
   * The lawyer chose this chat (its tab, or „Annehmen“ in the queue): its answer field takes the focus. A chat that
   * opened by itself (held chats restored after a login or reload) takes it only from nowhere (the page's start).
   */
  readonly chosen?: boolean;
}

export function ChatScreen({
  tab,
  lawyerId,
  colleagues,
  fileUrl,
  onDraft,
  onSend,
  onAskPhone,
  onUpload,
  onClose,
  onForward,
  onLoadColleagues,
  onDismiss,
  onCreateCaseFile,
  onOpenCaseFile,
  textTemplates,
  onChangeFieldOfLaw,
  chosen = false,
}: ChatScreenProps) {
  const { t } = useTranslation();
  const [colleague, setColleague] = useState('');
  const [confirming, setConfirming] = useState<'close' | 'closePhone' | null>(null);
  // Forwarding hands the client to a colleague at once: one more, deliberate step, as for ending (keyboard tester).
  const [confirmingForward, setConfirmingForward] = useState(false);
  const forwardButton = useRef<HTMLButtonElement>(null);
  const forwardConfirmId = `forward-confirm-${tab.chatId}`;
  const closeButton = useRef<HTMLButtonElement>(null);
  const closePhoneButton = useRef<HTMLButtonElement>(null);
  const dismissButton = useRef<HTMLButtonElement>(null);
  const answer = useRef<HTMLTextAreaElement>(null);
  // 750 characters as people count them (an emoji once), not the maxLength attribute's UTF-16 units.
  const confirmId = `close-confirm-${tab.chatId}`;
  const { facts } = tab;
  const headingId = `chat-heading-${tab.chatId}`;
  const actionsId = `chat-actions-${tab.chatId}`;
  const endStatusId = `chat-end-${tab.chatId}`;
  // Input and actions name the case they act on: after switching tabs (or a reload) the lawyer sees whom they address.
  const reference = caseReferenceOf(tab.caseId);
  // A forwarded chat is the colleague's case now: its tab shows what was, and offers nothing that changes the case.
  const handedOn = tab.ended === 'forwarded';
  const lastMessage = tab.messages.at(-1);
  const log = useFollowNewest<HTMLDivElement>(lastMessage?.Id, lastMessage !== undefined && messageKind(lastMessage, lawyerId) === 'lawyer');
  // The log speaks (aria-live) only once the history is in, and from the render after it: the history that arrives as
  // one batch after accepting was read out whole, every old message as new (keyboard tester). A log shown with its
  // history already there speaks at once; what it holds when it appears is not announced anyway.
  const [logSpeaks, setLogSpeaks] = useState(tab.historyLoaded);
  useEffect(() => {
    if (tab.historyLoaded) setLogSpeaks(true);
  }, [tab.historyLoaded]);
  // Ending or forwarding removes the answer field and the action the lawyer just used, and the browser drops focus to
  // the page's start. Keyboard and screen-reader users continue at the end notice's "Tab schließen" instead; focus the
  // lawyer placed elsewhere (another tab, the header) stays where it is. A chat that had already ended when it was shown
  // – a finished chat shown again after a reload or login – took nothing away: the focus starts where a page starts,
  // not on „Tab schließen“ halfway down, where a stray Enter would close it.
  const endedWhenShown = useRef(tab.ended !== null);
  // A colleague invited (or deactivated) since the console started is offered as they are now, not after a reload.
  useEffect(() => {
    onLoadColleagues();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per shown chat; the choice's onOpen reads them again
  }, []);
  // A chosen colleague who left the list since (deactivated, or the forward to them was refused) is no longer chosen:
  // the choice must not go on showing a name that „Weiterleiten“ cannot reach.
  const chosenGone = colleague !== '' && !colleagues.some((c) => c.Id === colleague);
  useEffect(() => {
    if (chosenGone) setColleague('');
  }, [chosenGone]);
  useEffect(() => {
    const focused = document.activeElement;
    if (tab.ended !== null && !endedWhenShown.current && (focused === null || focused === document.body)) dismissButton.current?.focus();
  }, [tab.ended]);
  // The answer field gets the focus when the chat is shown, but on a laptop's 768 px the facts and the 600 px log put it
  // below the window's edge – more so once the history arrived –, and the lawyer saw the facts and the oldest bot lines
  // instead of the newest message and the field they were typing into. When the chat is shown and when its history
  // first arrives, the field (with its help line) comes into view at the window's bottom, the log's end right above it;
  // later messages move only the log, so a lawyer reading further up the page is not pulled down.
  const answerForm = useRef<HTMLFormElement>(null);
  const hasHistory = tab.messages.length > 0;
  // When shown, the answer field is where the lawyer continues – in a chat they chose. A chat that opened by itself (the
  // held chats arriving after a login or reload) took the focus from wherever the lawyer was meanwhile – „Abmelden“, the
  // skip link, the mute switch – and scrolled the page: a keyboard or screen-reader user lost their place. It takes the
  // focus only from nowhere; the focus of a control that went away with the view the chat replaced is nowhere by now.
  useLayoutEffect(() => {
    const focused = document.activeElement;
    if (chosen || focused === null || focused === document.body) answer.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the chat is shown
  }, []);
  useLayoutEffect(() => {
    if (answer.current !== null && document.activeElement === answer.current) answerForm.current?.scrollIntoView?.({ block: 'nearest' });
  }, [hasHistory]);
  // Textbausteine: the selection is taken when the dialog opens (the field keeps it, but a click may move it); the
  // chosen text replaces it, and once the new draft is rendered the answer field has the focus again with the caret
  // after the inserted text. What does not fit into a message is cut off, as the field's maxLength does when typing
  // or pasting, and a note says so.
  const [choosingTemplate, setChoosingTemplate] = useState(false);
  const [templateClipped, setTemplateClipped] = useState(false);
  const selection = useRef({ start: 0, end: 0 });
  const [caretAfterInsert, setCaretAfterInsert] = useState<number | null>(null);
  const openTemplates = () => {
    const field = answer.current;
    selection.current = { start: field?.selectionStart ?? tab.draft.length, end: field?.selectionEnd ?? tab.draft.length };
    setChoosingTemplate(true);
  };
  const closeTemplates = () => {
    setChoosingTemplate(false);
    const { start, end } = selection.current;
    requestAnimationFrame(() => {
      answer.current?.focus();
      answer.current?.setSelectionRange(start, end);
    });
  };
  const insertTemplate = (template: TextTemplate) => {
    const inserted = insertTemplateText(tab.draft, selection.current.start, selection.current.end, template.Text);
    setChoosingTemplate(false);
    setTemplateClipped(inserted.clipped);
    onDraft(inserted.draft);
    setCaretAfterInsert(inserted.caret);
  };
  useEffect(() => {
    if (caretAfterInsert === null) return;
    const field = answer.current;
    if (field === null) return;
    field.focus();
    field.setSelectionRange(caretAfterInsert, caretAfterInsert);
    setCaretAfterInsert(null);
  }, [caretAfterInsert, tab.draft]);
  const cancelForward = () => {
    setConfirmingForward(false);
    requestAnimationFrame(() => forwardButton.current?.focus());
  };
  const cancelClose = () => {
    const back = confirming === 'closePhone' ? closePhoneButton : closeButton;
    setConfirming(null);
    requestAnimationFrame(() => back.current?.focus());
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      onSend();
    }
  };

  return (
    <ScreenSection headingId={headingId} heading={t('Chat.Heading')}>
      <Box sx={CHAT_LAYOUT}>
        <Box sx={{ gridArea: 'main', minWidth: 0 }}>
          {/* The log wraps the list: role="log" on the <ul> itself would hide the list semantics. */}
          <Box
            ref={log}
            role="log"
            aria-live={logSpeaks ? 'polite' : 'off'}
            aria-busy={!tab.historyLoaded}
            aria-label={t('Chat.Log')}
            tabIndex={0}
            sx={{ p: 1, maxHeight: LOG_MAX_HEIGHT, overflowY: 'auto', overflowWrap: 'anywhere', border: 1, borderColor: 'divider', borderRadius: 1 }}
          >
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {tab.messages.map((message) => {
                const kind = messageKind(message, lawyerId);
                const isFile = message.Type === MessageType.File && message.FileId;
                return (
                  <Box component="li" key={message.Id} sx={{ py: 0.5, textAlign: kind === 'lawyer' ? 'right' : 'left' }}>
                    <Typography variant="caption" component="span" sx={{ display: 'block', color: 'text.secondary' }}>
                      {t(AUTHOR_KEY[kind], { name: message.Author?.Name ?? '' })} · {formatTime(message.Created)}
                    </Typography>
                    {isFile ? (
                      <DownloadLink
                        href={fileUrl(message.FileId as string)}
                        fileName={message.FileName ?? message.Message}
                        ariaLabel={t('Chat.Download', { name: message.FileName ?? message.Message })}
                        label={t('Chat.FileMessage', { name: message.FileName ?? message.Message })}
                      />
                    ) : (
                      <MessageText
                        italic={kind === 'information' || kind === 'bot'}
                        // The forward's notice is worded for the client ("Ihr Chat wurde an … weitergeleitet."): said as such here.
                        text={message.Type === MessageType.ForwardedMessage ? t('Chat.ClientNotice', { text: message.Message }) : message.Message}
                      />
                    )}
                  </Box>
                );
              })}
            </Box>
          </Box>
          {/* Always present, so screen readers announce the text when it appears. */}
          <Typography role="status" variant="body2" sx={{ minHeight: '1.5em', mt: 0.5, fontStyle: 'italic' }}>
            {tab.participantTyping ? t('Chat.ParticipantTyping') : ''}
          </Typography>
          <ClientPresenceNote presence={tab.clientPresence} />
          {/* How the chat ended, in a status region that is there before its text: a region that appears with its text
              already in it was not announced (keyboard tester). „Tab schließen“ is described by it. */}
          <Typography role="status" id={endStatusId} sx={{ mt: tab.ended ? 2 : 0 }}>
            {!tab.ended
              ? ''
              : tab.ended === 'forwarded' && tab.notTakenBy !== null
                ? t('Chat.ForwardNotTaken', { name: tab.notTakenBy })
                : tab.ended === 'forwarded' && tab.forwardedTo !== null
                  ? t('Chat.ForwardedTo', { name: tab.forwardedTo })
                  : t(ENDED_KEY[tab.ended])}
          </Typography>
          {tab.ended ? (
            <Stack spacing={2}>
              <Box>
                {/* When, the same for a chat that ended while shown and one shown again after a reload or login. A
                    forwarded chat did not end for the client: it was handed on, and says so. */}
                {tab.endedAt !== null && (
                  <Typography variant="body2" color="text.secondary">
                    {t(tab.ended === 'forwarded' ? 'Chat.ForwardedAt' : 'Chat.EndedAt', { date: formatDate(tab.endedAt), time: formatTime(tab.endedAt) })}
                  </Typography>
                )}
              </Box>
              <Button ref={dismissButton} variant="outlined" onClick={onDismiss} aria-describedby={endStatusId} sx={{ alignSelf: 'flex-start' }}>
                {t('Chat.Dismiss')}
              </Button>
            </Stack>
          ) : (
            <>
              <Stack
                ref={answerForm}
                component="form"
                direction="row"
                spacing={1}
                onSubmit={(e) => {
                  e.preventDefault();
                  onSend();
                  // „Senden“ is disabled while the message is on its way, which dropped the focus to the page's start: the
                  // lawyer continues writing in the answer field instead.
                  answer.current?.focus();
                }}
                sx={{ mt: 2 }}
              >
                <TextField
                  label={t('Chat.InputFor', { reference })}
                  helperText={`${t('Chat.InputHelp')} ${t('Chat.Remaining', { count: remainingChatCharacters(tab.draft) })}`}
                  multiline
                  maxRows={4}
                  fullWidth
                  value={tab.draft}
                  onChange={(e) => {
                    setTemplateClipped(false);
                    onDraft(limitFieldEdit(e.target, MAX_CHAT_TEXT_LENGTH).value);
                  }}
                  onKeyDown={onKeyDown}
                  inputRef={answer}
                />
                <Button type="submit" variant="contained" disabled={tab.busy} sx={{ alignSelf: 'flex-start', mt: 1 }}>
                  {t('Chat.Send')}
                </Button>
              </Stack>
              {textTemplates && (
                <Box sx={{ mt: 1 }}>
                  <Button variant="outlined" size="small" aria-haspopup="dialog" onClick={openTemplates}>
                    {t('Templates.Insert')}
                  </Button>
                </Box>
              )}
              <Typography role="status" variant="body2" sx={{ mt: 0.5, minHeight: templateClipped ? undefined : 0 }}>
                {templateClipped ? t('Templates.Clipped', { max: MAX_CHAT_TEXT_LENGTH }) : ''}
              </Typography>
              {textTemplates && choosingTemplate && (
                <InsertTextTemplateDialog api={textTemplates} reference={reference} onChoose={insertTemplate} onClose={closeTemplates} />
              )}
            </>
          )}
        </Box>
        <Box sx={{ gridArea: 'facts', my: 1, minWidth: 0 }}>
          <Typography variant="subtitle1" component="h3">
            {t('Chat.Facts')}
          </Typography>
          <FactList>
            <dt>{t('Chat.Description')}</dt>
            <dd>{facts.Description}</dd>
            <dt>{t('Chat.FieldOfLaw')}</dt>
            <dd>
              {onChangeFieldOfLaw && !handedOn ? <FieldOfLawCorrection key={tab.chatId} tab={tab} onChange={onChangeFieldOfLaw} /> : facts.FieldOfLawLongName}
            </dd>
            {facts.InsurerName && (
              <>
                <dt>{t('Chat.Insurer')}</dt>
                <dd>{facts.InsurerName}</dd>
              </>
            )}
            <dt>{t('Chat.Email')}</dt>
            <dd>{facts.Email ? `${emailForDisplay(facts.Email)} (${t(emailStatus(facts))})` : t('Chat.NoEmail')}</dd>
            <dt>{t('Chat.WaitingSince')}</dt>
            <dd>{formatDateTime(facts.WaitingSince)}</dd>
          </FactList>
          <ChatCaseFiles
            chatId={tab.chatId}
            caseFiles={facts.CaseFiles ?? []}
            {...(handedOn ? {} : { onCreate: onCreateCaseFile })}
            {...(onOpenCaseFile ? { onOpen: onOpenCaseFile } : {})}
          />
          {handedOn && <Typography sx={{ mt: 1 }}>{t('Chat.HandedOn')}</Typography>}
        </Box>
        {!tab.ended && (
          <Box sx={{ gridArea: 'tools', minWidth: 0 }}>
            <Typography id={actionsId} variant="subtitle2" component="p" sx={{ mt: { xs: 2, md: 1 } }}>
              {t('Chat.ActionsFor', { reference })}
            </Typography>
            <Stack role="group" aria-labelledby={actionsId} direction={SIDE_DIRECTION} spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }} useFlexGap>
              <FileChooserButton disabled={tab.busy} onFile={onUpload} accept={CHAT_FILE_ACCEPT}>
                {tab.uploading ? t('Chat.Uploading') : t('Chat.Upload')}
              </FileChooserButton>
              <Button variant="outlined" onClick={() => onAskPhone(t('Chat.AskPhoneText'))}>
                {t('Chat.AskPhone')}
              </Button>
              {confirming === null && (
                <>
                  <Button ref={closeButton} variant="outlined" disabled={tab.busy} onClick={() => setConfirming('close')}>
                    {t('Chat.Close')}
                  </Button>
                  <Button ref={closePhoneButton} variant="outlined" disabled={tab.busy} onClick={() => setConfirming('closePhone')}>
                    {t('Chat.ClosePhone')}
                  </Button>
                </>
              )}
            </Stack>
            {/* Beside the button the lawyer just used: the page's notices are far above when the chat is long. */}
            <LiveNotice politeness="assertive" severity="error" sx={{ mt: 1 }}>
              {tab.uploadProblem && (
                <>
                  {t(tab.uploadProblem.key)}
                  {tab.uploadProblem.detail ? ` (${tab.uploadProblem.detail})` : ''}
                </>
              )}
            </LiveNotice>
            {confirming !== null && (
              // Ending is final for the client: one more, deliberate step.
              <InlineConfirmation
                id={confirmId}
                question={t('Chat.CloseConfirmFor', { reference })}
                confirmLabel={t(confirming === 'closePhone' ? 'Chat.CloseConfirmPhoneYes' : 'Chat.CloseConfirmYes')}
                danger
                disabled={tab.busy}
                onConfirm={() => {
                  setConfirming(null);
                  onClose(confirming === 'closePhone');
                }}
                onCancel={cancelClose}
              />
            )}
            <Stack direction={SIDE_DIRECTION} spacing={1} sx={{ mt: 2 }}>
              <TextField
                select
                label={t('Chat.ForwardTo')}
                helperText={t('Chat.ForwardHint', { minutes: FORWARD_HOLD_MINUTES })}
                value={colleague}
                onChange={(e) => setColleague(e.target.value)}
                sx={{ minWidth: 260 }}
                // The field shows the chosen name; the list also says who is signed in (ColleagueOption).
                slotProps={{ select: { onOpen: onLoadColleagues, renderValue: (id) => colleagues.find((c) => c.Id === id)?.Name ?? '' } }}
                disabled={colleagues.length === 0}
              >
                {colleagues.length === 0 && <MenuItem value="">{t('Chat.NoColleagues')}</MenuItem>}
                {colleagues.map((c) => (
                  <MenuItem key={c.Id} value={c.Id}>
                    <ColleagueOption colleague={c} />
                  </MenuItem>
                ))}
              </TextField>
              {!confirmingForward && (
                <Button
                  ref={forwardButton}
                  variant="outlined"
                  disabled={colleague === '' || tab.busy}
                  onClick={() => setConfirmingForward(true)}
                  sx={{ alignSelf: { xs: 'center', md: 'flex-start' } }}
                >
                  {t('Chat.Forward')}
                </Button>
              )}
            </Stack>
            {confirmingForward && (
              <InlineConfirmation
                id={forwardConfirmId}
                question={t('Chat.ForwardConfirmFor', { reference, name: colleagues.find((c) => c.Id === colleague)?.Name ?? '' })}
                confirmLabel={t('Chat.ForwardConfirmYes')}
                disabled={tab.busy || colleague === ''}
                onConfirm={() => {
                  setConfirmingForward(false);
                  onForward(colleague);
                }}
                onCancel={cancelForward}
              />
            )}
          </Box>
        )}
      </Box>
    </ScreenSection>
  );
}
