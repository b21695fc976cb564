import { describe, expect, it } from 'vitest';
import { httpError } from '../../result.js';
import { COLLEAGUE, ME } from '../lawyerFakes.testSupport.js';
import { chatTabsStep, TYPING_NOTIFY_INTERVAL_MS } from './chatTabsSlice.js';
import type { WorkspaceModel } from './model.js';
import { DISMISSED_KEY_PREFIX, DRAFT_KEY_PREFIX } from './tabMemorySlice.js';
import { clientMessage, context, held, modelWith, tab } from './workspaceFixtures.testSupport.js';
import type { ChatTabsEvent } from './chatTabsSlice.js';

const step = (model: WorkspaceModel, event: ChatTabsEvent) => chatTabsStep(model, event, context);
const tabOf = (model: WorkspaceModel, chatId = 'chat-1') => model.state.tabs.find((t) => t.chatId === chatId);

describe('chat tabs slice', () => {
  it('should open the held chats with the answers the tab kept and read each history', () => {
    const [loaded, effects] = step(modelWith(), { type: 'tabs/chatsLoaded', active: [held(1), held(2)], storedDrafts: new Map([['chat-2', 'Entwurf']]) });
    expect(loaded.state.tabs.map((t) => [t.chatId, t.draft])).toEqual([
      ['chat-1', ''],
      ['chat-2', 'Entwurf'],
    ]);
    expect(loaded.state.selectedChatId).toBe('chat-1');
    expect(effects).toEqual([
      { type: 'loadHistory', chatId: 'chat-1', caseId: 'case-1' },
      { type: 'loadHistory', chatId: 'chat-2', caseId: 'case-2' },
    ]);
    expect(tabOf(loaded)?.historyLoaded).toBe(false);
    const [withHistory] = step(loaded, { type: 'tabs/historyLoaded', chatId: 'chat-1', history: [clientMessage(1, 'm-1')] });
    expect(tabOf(withHistory)?.messages).toHaveLength(1);
    expect(tabOf(withHistory)?.historyLoaded).toBe(true);
  });

  it('should not open a held chat in front of the view the lawyer reaches for while the chats are on their way', () => {
    // Pressed on „Profil“, the click not complete: the chats that arrive now must not take the screen from under the pointer.
    const [holding, held1] = step(modelWith(), { type: 'tabs/holdView' });
    expect(held1).toEqual([]);
    const [loaded] = step(holding, { type: 'tabs/chatsLoaded', active: [held(1)], storedDrafts: new Map() });
    expect(loaded.state.selectedChatId).toBeNull();
    expect(loaded.state.view).toBe('queue');
    expect(loaded.state.tabs.map((t) => t.chatId)).toEqual(['chat-1']);
    // The click completes: the view the lawyer pressed shows.
    const [chosen] = step(loaded, { type: 'tabs/showView', view: 'profile' });
    expect([chosen.state.selectedChatId, chosen.state.view]).toEqual([null, 'profile']);
    // Reaching for the views again changes nothing that is shown.
    expect(step(chosen, { type: 'tabs/holdView' })[0]).toBe(chosen);
  });

  it('should say that the history could not be read and let the tab speak of new messages anyway', () => {
    const [loaded] = step(modelWith(), { type: 'tabs/chatsLoaded', active: [held(1)], storedDrafts: new Map() });
    const [failed] = step(loaded, { type: 'tabs/historyFailed', chatId: 'chat-1', error: httpError(503, 'Unavailable', 'Nicht erreichbar') });
    expect(tabOf(failed)?.historyLoaded).toBe(true);
    expect(failed.state.notice).toMatchObject({ key: 'Workspace.LoadFailed' });
  });

  it('should keep the draft and tell the client the lawyer types at most every 2 s', () => {
    const open = modelWith({ tabs: [tab(1)] });
    const [typed, first] = step(open, { type: 'tabs/setDraft', chatId: 'chat-1', text: 'G', nowMs: 1000 });
    expect(tabOf(typed)?.draft).toBe('G');
    expect(first).toEqual([
      { type: 'rememberInTab', key: `${DRAFT_KEY_PREFIX}chat-1`, value: 'G' },
      { type: 'sendTyping', chatId: 'chat-1' },
    ]);
    expect(step(typed, { type: 'tabs/setDraft', chatId: 'chat-1', text: 'Gu', nowMs: 1000 + TYPING_NOTIFY_INTERVAL_MS - 1 })[1]).toHaveLength(1);
    expect(step(typed, { type: 'tabs/setDraft', chatId: 'chat-1', text: 'Gu', nowMs: 1000 + TYPING_NOTIFY_INTERVAL_MS })[1]).toHaveLength(2);
    expect(step(typed, { type: 'tabs/setDraft', chatId: 'chat-1', text: '', nowMs: 9000 })[1]).toEqual([
      { type: 'rememberInTab', key: `${DRAFT_KEY_PREFIX}chat-1`, value: null },
    ]);
  });

  it('should send the draft once at a time and reuse the client id for a retry of the same text', () => {
    const open = modelWith({ tabs: [tab(1, { draft: ' Guten Tag ' })] });
    const [sending, effects] = step(open, { type: 'tabs/send', chatId: 'chat-1', clientId: 'id-1' });
    expect(effects).toEqual([{ type: 'sendMessage', chatId: 'chat-1', text: 'Guten Tag', clientId: 'id-1', fromDraft: true }]);
    expect(step(sending, { type: 'tabs/send', chatId: 'chat-1', clientId: 'id-2' })[1]).toEqual([]);
    const [failed] = step(sending, { type: 'tabs/sendFailed', chatId: 'chat-1', fromDraft: true, error: httpError(0, 'HubError', 'weg') });
    expect(failed.state.notice?.key).toBe('Workspace.SendFailed');
    expect(tabOf(failed)?.busy).toBe(false);
    expect(step(failed, { type: 'tabs/send', chatId: 'chat-1', clientId: 'id-3' })[1]).toEqual([
      { type: 'sendMessage', chatId: 'chat-1', text: 'Guten Tag', clientId: 'id-1', fromDraft: true },
    ]);
    const stored = { ...clientMessage(1, 'm-9', 'Guten Tag'), Author: { Id: ME.Id, Name: ME.Name } };
    const [sent, forget] = step(sending, { type: 'tabs/sent', chatId: 'chat-1', stored, text: 'Guten Tag', fromDraft: true });
    expect(tabOf(sent)).toMatchObject({ draft: '', busy: false, pending: null });
    expect(forget).toEqual([{ type: 'rememberInTab', key: `${DRAFT_KEY_PREFIX}chat-1`, value: null }]);
  });

  it('should keep only what the lawyer typed on while the message was on its way, never the sent text a second time', () => {
    const stored = clientMessage(1, 'm-9', 'Guten Tag.');
    const typedOn = modelWith({ tabs: [tab(1, { draft: ' Guten Tag. Wann sind Sie', busy: true })] });
    const [rest, remember] = step(typedOn, { type: 'tabs/sent', chatId: 'chat-1', stored, text: 'Guten Tag.', fromDraft: true });
    expect(tabOf(rest)?.draft).toBe('Wann sind Sie');
    expect(remember).toEqual([{ type: 'rememberInTab', key: `${DRAFT_KEY_PREFIX}chat-1`, value: 'Wann sind Sie' }]);
    // The lawyer changed the sent part itself meanwhile: nothing is taken away from what they see.
    const edited = modelWith({ tabs: [tab(1, { draft: 'Guten Abend. Wann', busy: true })] });
    const [kept, none] = step(edited, { type: 'tabs/sent', chatId: 'chat-1', stored, text: 'Guten Tag.', fromDraft: true });
    expect(tabOf(kept)?.draft).toBe('Guten Abend. Wann');
    expect(none).toEqual([]);
  });

  it('should refuse over-long and empty texts, and send ready-made texts beside the draft', () => {
    const open = modelWith({ tabs: [tab(1, { draft: 'x'.repeat(751) })] });
    const [tooLong, none] = step(open, { type: 'tabs/send', chatId: 'chat-1', clientId: 'id-1' });
    expect(tooLong.state.notice?.key).toBe('Workspace.TooLong');
    expect(none).toEqual([]);
    expect(step(modelWith({ tabs: [tab(1)] }), { type: 'tabs/send', chatId: 'chat-1', clientId: 'id-1' })[1]).toEqual([]);
    const [text, effects] = step(open, { type: 'tabs/sendText', chatId: 'chat-1', text: 'Ihre Nummer?', clientId: 'id-2' });
    expect(tabOf(text)?.busy).toBe(false);
    expect(effects).toEqual([{ type: 'sendMessage', chatId: 'chat-1', text: 'Ihre Nummer?', clientId: 'id-2', fromDraft: false }]);
    expect(step(modelWith({ tabs: [tab(1, { ended: 'closed' })] }), { type: 'tabs/sendText', chatId: 'chat-1', text: 'x', clientId: 'id' })[1]).toEqual([]);
  });

  it('should read the colleagues again when the lawyer is about to forward, and offer them as the server lists them now', () => {
    const open = modelWith({ tabs: [tab(1)], colleagues: [] });
    expect(step(open, { type: 'tabs/loadColleagues' })).toEqual([open, [{ type: 'loadColleagues' }]]);
    const joined = { ...ME, Id: 'lawyer-9', Name: 'Julia Neumann', Email: 'julia.neumann@kanzlei.example', LastActive: null };
    expect(step(open, { type: 'tabs/colleaguesLoaded', colleagues: [joined] })[0].state.colleagues).toEqual([joined]);
  });

  it('should count an unseen client message, end the typing notice and alert in the background', () => {
    const open = modelWith({ tabs: [tab(1, { participantTyping: true }), tab(2)], selectedChatId: 'chat-2' });
    const [received, effects] = step(open, { type: 'tabs/messageReceived', message: clientMessage(1, 'm-1'), windowFocused: false });
    expect(tabOf(received)).toMatchObject({ unread: 1, participantTyping: false });
    expect(received.state.attentionMessages).toBe(1);
    expect(effects).toEqual([{ type: 'cancelHideTyping', chatId: 'chat-1' }, { type: 'playSound' }]);
    const [again] = step(received, { type: 'tabs/messageReceived', message: clientMessage(1, 'm-1'), windowFocused: false });
    expect(tabOf(again)?.unread).toBe(1);
    expect(step(open, { type: 'tabs/messageReceived', message: clientMessage(9, 'm-2'), windowFocused: true })[0]).toBe(open);
  });

  it('should show the client typing until the notice expires, and end tabs by the server’s notices', () => {
    const open = modelWith({ tabs: [tab(1)] });
    const [typing, effects] = step(open, { type: 'tabs/notification', notification: { ChatId: 'chat-1', Type: 'IsTyping' }, nowMs: 0 });
    expect(tabOf(typing)?.participantTyping).toBe(true);
    expect(effects).toEqual([{ type: 'hideTypingLater', chatId: 'chat-1' }]);
    expect(tabOf(step(typing, { type: 'tabs/typingExpired', chatId: 'chat-1' })[0])?.participantTyping).toBe(false);
    const end = (notification: Parameters<typeof step>[1] & { type: 'tabs/notification' }) => tabOf(step(open, notification)[0])?.ended;
    expect(end({ type: 'tabs/notification', notification: { ChatId: 'chat-1', Type: 'Closed', Data: { Reason: 'Timeout' } }, nowMs: 0 })).toBe('timedOut');
    expect(end({ type: 'tabs/notification', notification: { ChatId: 'chat-1', Type: 'Closed' }, nowMs: 0 })).toBe('closed');
    expect(end({ type: 'tabs/notification', notification: { ChatId: 'chat-1', Type: 'ClosedAndRequestPhoneNumber' }, nowMs: 0 })).toBe('closedPhone');
    expect(end({ type: 'tabs/notification', notification: { ChatId: 'chat-1', Type: 'Forwarded' }, nowMs: 0 })).toBe('forwarded');
    expect(step(open, { type: 'tabs/notification', notification: { ChatId: 'chat-9', Type: 'IsTyping' }, nowMs: 0 })[0]).toBe(open);
  });

  it('should say when the client has gone and when it is back, from the notices and the chat list, until the client writes or the chat ends', () => {
    const open = modelWith({ tabs: [tab(1)] });
    const notice = (Type: 'ClientAway' | 'ClientBack', AwaySince?: string): ChatTabsEvent => ({
      type: 'tabs/notification',
      notification: { ChatId: 'chat-1', Type, ...(AwaySince === undefined ? {} : { Data: { AwaySince } }) },
      nowMs: 0,
    });
    const [away] = step(open, notice('ClientAway', '2026-12-03T10:15:00.000Z'));
    expect(tabOf(away)?.clientPresence).toEqual({ kind: 'away', since: '2026-12-03T10:15:00.000Z' });
    const [back] = step(away, notice('ClientBack'));
    expect(tabOf(back)?.clientPresence).toEqual({ kind: 'back' });
    // "Back" only follows "away" (several server processes may each say so).
    expect(step(open, notice('ClientBack'))[0]).toEqual(open);
    const [wrote] = step(back, { type: 'tabs/messageReceived', message: clientMessage(1, 'm-1'), windowFocused: true });
    expect(tabOf(wrote)?.clientPresence).toBeNull();
    // The chat list of a reload or a reconnect says the same.
    const listed = (since: string | null, model: WorkspaceModel) =>
      tabOf(step(model, { type: 'tabs/chatsLoaded', active: [{ ...held(1), ClientAwaySince: since }], storedDrafts: new Map() })[0])?.clientPresence;
    expect(listed('2026-12-03T10:15:00.000Z', open)).toEqual({ kind: 'away', since: '2026-12-03T10:15:00.000Z' });
    expect(listed(null, away)).toEqual({ kind: 'back' });
    expect(listed(null, open)).toBeNull();
    expect(
      tabOf(step(modelWith(), { type: 'tabs/chatsLoaded', active: [{ ...held(1), ClientAwaySince: '2026-12-03T10:15:00.000Z' }], storedDrafts: new Map() })[0])
        ?.clientPresence,
    ).toEqual({
      kind: 'away',
      since: '2026-12-03T10:15:00.000Z',
    });
    // An ended chat says how it ended, nothing about the client.
    const [ended] = step(away, { type: 'tabs/notification', notification: { ChatId: 'chat-1', Type: 'Closed' }, nowMs: 0 });
    expect(tabOf(ended)?.clientPresence).toBeNull();
    expect(tabOf(step(ended, notice('ClientAway', '2026-12-03T10:15:00.000Z'))[0])?.clientPresence).toBeNull();
  });

  it('should keep when a chat ended while shown – the client left, the lawyer closed or forwarded it – as a finished chat shown again does', () => {
    const open = modelWith({ tabs: [tab(1)] });
    const at = Date.parse('2026-11-22T09:41:00.000Z');
    const endedAt = (event: ChatTabsEvent) => tabOf(step(open, event)[0])?.endedAt;
    expect(tabOf(open)?.endedAt).toBeNull();
    expect(endedAt({ type: 'tabs/notification', notification: { ChatId: 'chat-1', Type: 'Closed', Data: { Reason: 'Timeout' } }, nowMs: at })).toBe(
      '2026-11-22T09:41:00.000Z',
    );
    expect(endedAt({ type: 'tabs/notification', notification: { ChatId: 'chat-1', Type: 'Closed' }, nowMs: at })).toBe('2026-11-22T09:41:00.000Z');
    expect(endedAt({ type: 'tabs/closed', chatId: 'chat-1', requestPhoneNumber: false, nowMs: at })).toBe('2026-11-22T09:41:00.000Z');
    expect(endedAt({ type: 'tabs/forwarded', chatId: 'chat-1', lawyerId: 'law-2', nowMs: at })).toBe('2026-11-22T09:41:00.000Z');
    // The first end wins, with its time; a later acknowledgement does not move it.
    const [closed] = step(open, { type: 'tabs/notification', notification: { ChatId: 'chat-1', Type: 'Closed' }, nowMs: at });
    expect(tabOf(step(closed, { type: 'tabs/closed', chatId: 'chat-1', requestPhoneNumber: false, nowMs: at + 5000 })[0])?.endedAt).toBe(
      '2026-11-22T09:41:00.000Z',
    );
    // Once the server lists it as finished, its own end time is the one shown; a chat gone without one shows none.
    const finished = { ...held(1), ClosedAt: '2026-11-22T09:40:58.000Z', Ended: 'closed' as const, ForwardedTo: null };
    const [synced] = step(closed, { type: 'tabs/chatsLoaded', active: [], storedDrafts: new Map(), finished: [finished] });
    expect(tabOf(synced)?.endedAt).toBe('2026-11-22T09:40:58.000Z');
    const [gone] = step(open, { type: 'tabs/chatsLoaded', active: [], storedDrafts: new Map(), finished: [] });
    expect(tabOf(gone)).toMatchObject({ ended: 'gone', endedAt: null });
  });

  it('should name the colleague a chat was forwarded to – from the colleagues list, the notice or the finished list, whichever comes first', () => {
    const colleague = { ...ME, Id: 'law-2', Name: 'Bernd Roth', Role: 'lawyer' as const, LastActive: null };
    const open = modelWith({ tabs: [tab(1)], colleagues: [colleague] });
    const [forwarding] = step(open, { type: 'tabs/forward', chatId: 'chat-1', lawyerId: 'law-2' });
    // This console forwarded it: the acknowledgement names the chosen colleague.
    const [acknowledged] = step(forwarding, { type: 'tabs/forwarded', chatId: 'chat-1', lawyerId: 'law-2', nowMs: 0 });
    expect(tabOf(acknowledged)).toMatchObject({ ended: 'forwarded', forwardedTo: 'Bernd Roth' });
    // The notice came first (the same lawyer's second device, or the notice overtook the acknowledgement).
    const notice = { ChatId: 'chat-1', Type: 'Forwarded' as const, Data: { NewChatId: 'chat-9', LawyerName: 'Bernd Roth' } };
    const [noticed] = step(modelWith({ tabs: [tab(1)] }), { type: 'tabs/notification', notification: notice, nowMs: 0 });
    expect(tabOf(noticed)).toMatchObject({ ended: 'forwarded', forwardedTo: 'Bernd Roth' });
    // A notice without the name, then the acknowledgement: the name still arrives.
    const [unnamed] = step(forwarding, { type: 'tabs/notification', notification: { ChatId: 'chat-1', Type: 'Forwarded' }, nowMs: 0 });
    expect(tabOf(unnamed)?.forwardedTo).toBeNull();
    expect(tabOf(step(unnamed, { type: 'tabs/forwarded', chatId: 'chat-1', lawyerId: 'law-2', nowMs: 0 })[0])?.forwardedTo).toBe('Bernd Roth');
    // Not known here at all: the server's finished list says it.
    const finished = { ...held(1), ClosedAt: '2026-11-22T09:40:58.000Z', Ended: 'forwarded' as const, ForwardedTo: 'Bernd Roth' };
    const [synced] = step(unnamed, { type: 'tabs/chatsLoaded', active: [], storedDrafts: new Map(), finished: [finished] });
    expect(tabOf(synced)?.forwardedTo).toBe('Bernd Roth');
    const [shownAgain] = step(modelWith(), { type: 'tabs/chatsLoaded', active: [], storedDrafts: new Map(), finished: [finished] });
    expect(tabOf(shownAgain)).toMatchObject({ ended: 'forwarded', forwardedTo: 'Bernd Roth' });
    // Closed, not forwarded: no colleague is named.
    expect(tabOf(step(open, { type: 'tabs/closed', chatId: 'chat-1', requestPhoneNumber: false, nowMs: 0 })[0])?.forwardedTo).toBeNull();
  });

  it('should close with the reason this console sent even when the Closed notice comes first, and free the tab when closing fails', () => {
    const [closing, effects] = step(modelWith({ tabs: [tab(1)] }), { type: 'tabs/close', chatId: 'chat-1', requestPhoneNumber: true });
    expect(effects).toEqual([{ type: 'closeChat', chatId: 'chat-1', requestPhoneNumber: true }]);
    expect(tabOf(step(closing, { type: 'tabs/notification', notification: { ChatId: 'chat-1', Type: 'Closed' }, nowMs: 0 })[0])?.ended).toBe('closedPhone');
    expect(tabOf(step(closing, { type: 'tabs/closed', chatId: 'chat-1', requestPhoneNumber: true, nowMs: 0 })[0])?.ended).toBe('closedPhone');
    const [failed] = step(closing, { type: 'tabs/closeFailed', chatId: 'chat-1', error: httpError(0, 'HubError', 'Nein') });
    expect(failed.closing.has('chat-1')).toBe(false);
    expect(tabOf(failed)?.busy).toBe(false);
    expect(failed.state.notice).toEqual({ key: 'Workspace.ActionFailed', detail: 'Nein' });
  });

  it('should forward, upload and dismiss only ended tabs', () => {
    const open = modelWith({ tabs: [tab(1)], selectedChatId: 'chat-1' });
    const [forwarding, forward] = step(open, { type: 'tabs/forward', chatId: 'chat-1', lawyerId: 'law-2' });
    expect(forward).toEqual([{ type: 'forwardChat', chatId: 'chat-1', lawyerId: 'law-2' }]);
    const [forwardFailed, reread] = step(forwarding, { type: 'tabs/forwardFailed', chatId: 'chat-1', error: httpError(0, 'HubError', 'x') });
    expect(tabOf(forwardFailed)?.busy).toBe(false);
    // The colleague may have been deactivated meanwhile: the choice is read again.
    expect(reread).toEqual([{ type: 'loadColleagues' }]);
    const [forwarded] = step(forwarding, { type: 'tabs/forwarded', chatId: 'chat-1', lawyerId: 'law-2', nowMs: 0 });
    expect(tabOf(forwarded)?.ended).toBe('forwarded');
    expect(step(open, { type: 'tabs/dismiss', chatId: 'chat-1' })[0].state.tabs).toHaveLength(1);
    const [dismissed, forget] = step(forwarded, { type: 'tabs/dismiss', chatId: 'chat-1' });
    expect(dismissed.state.tabs).toEqual([]);
    expect(dismissed.state.selectedChatId).toBeNull();
    // The closed tab is kept closed: the server lists the finished chat for some hours, a reload must not bring it back.
    expect(forget).toEqual([
      { type: 'rememberInTab', key: `${DRAFT_KEY_PREFIX}chat-1`, value: null },
      { type: 'savePreference', key: `${DISMISSED_KEY_PREFIX}${ME.Id}`, value: '["chat-1"]' },
    ]);
    expect(dismissed.dismissed).toEqual(new Set(['chat-1']));
    const file = { size: 10, type: 'application/pdf' } as never;
    const [uploading] = step(open, { type: 'tabs/upload', chatId: 'chat-1', file, fileName: 'a.pdf' });
    expect(tabOf(uploading)).toMatchObject({ busy: true, uploading: true });
    expect(tabOf(step(uploading, { type: 'tabs/uploaded', chatId: 'chat-1' })[0])).toMatchObject({ busy: false, uploading: false });
    const [uploadFailed] = step(uploading, { type: 'tabs/uploadFailed', chatId: 'chat-1', error: httpError(413, 'TooLarge', 'Zu groß') });
    expect(tabOf(uploadFailed)).toMatchObject({ busy: false, uploading: false, uploadProblem: { key: 'Workspace.UploadFailed', detail: 'Zu groß' } });
    // Said beside the tab's upload button, not among the page's notices far above it.
    expect(uploadFailed.state.notice).toBeNull();
    // The next file starts afresh.
    expect(tabOf(step(uploadFailed, { type: 'tabs/upload', chatId: 'chat-1', file, fileName: 'b.pdf' })[0])?.uploadProblem).toBeNull();
  });

  it('should name a refused archive in its own words beside the upload button, not the general failure', () => {
    const open = modelWith({ tabs: [tab(1)], selectedChatId: 'chat-1' });
    const [uploading] = step(open, { type: 'tabs/upload', chatId: 'chat-1', file: { size: 10, type: 'application/zip' } as never, fileName: 'Belege.zip' });
    const refusal = httpError(422, 'ArchiveRefused', 'Das Archiv kann nicht angenommen werden: …');
    const [refused] = step(uploading, { type: 'tabs/uploadFailed', chatId: 'chat-1', error: refusal });
    expect(tabOf(refused)).toMatchObject({ busy: false, uploading: false, uploadProblem: { key: 'Workspace.UploadArchiveRefused', detail: null } });
  });

  it('should refuse a file that is too large, empty or of a type the chat does not take before sending any of it, and say why', () => {
    const open = modelWith({ tabs: [tab(1)], selectedChatId: 'chat-1' });
    const upload = (size: number, fileName: string) => step(open, { type: 'tabs/upload', chatId: 'chat-1', file: { size, type: '' } as never, fileName });
    const refused = (size: number, fileName: string) => {
      const [model, effects] = upload(size, fileName);
      // Nothing goes out and the tab stays free for the next try.
      expect(effects).toEqual([]);
      expect(tabOf(model)).toMatchObject({ busy: false, uploading: false });
      expect(model.state.notice).toBeNull();
      return tabOf(model)?.uploadProblem;
    };
    expect(refused(25 * 1024 * 1024, 'Scan Mietvertrag.pdf')).toEqual({ key: 'Workspace.UploadTooLarge', detail: null });
    expect(refused(0, 'leer.pdf')).toEqual({ key: 'Workspace.UploadEmpty', detail: null });
    expect(refused(2048, 'setup.exe')).toEqual({ key: 'Workspace.UploadUnsupportedType', detail: null });
    // Exactly the limit, in a type the chat takes: sent.
    expect(upload(10 * 1024 * 1024, 'Merkblatt.DOCX')[1]).toEqual([
      { type: 'uploadFile', chatId: 'chat-1', file: expect.anything(), fileName: 'Merkblatt.DOCX' },
    ]);
  });

  it('should select a tab (clearing its unread) or a view, and re-read the case files and the open file when turning to them', () => {
    const open = modelWith({ tabs: [tab(1, { unread: 2 })], colleagues: [] });
    const [selected] = step(open, { type: 'tabs/select', chatId: 'chat-1' });
    expect(tabOf(selected)?.unread).toBe(0);
    expect(step(selected, { type: 'tabs/select', chatId: null })[0].state).toMatchObject({ selectedChatId: null, viewChosen: true });
    expect(step(open, { type: 'tabs/showView', view: 'profile' })[1]).toEqual([]);
    const reading = modelWith({ openedCaseFile: { CaseId: 'cf-1' } as never });
    expect(step(reading, { type: 'tabs/showView', view: 'casefiles' })[1]).toEqual([
      { type: 'loadCaseFiles' },
      { type: 'refreshCaseFile', caseFileId: 'cf-1' },
    ]);
    expect(step(modelWith(), { type: 'tabs/showView', view: 'casefiles' })[1]).toEqual([{ type: 'loadCaseFiles' }]);
    expect(step(open, { type: 'tabs/colleaguesLoaded', colleagues: [COLLEAGUE] })[0].state.colleagues).toEqual([COLLEAGUE]);
  });
});
