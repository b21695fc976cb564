import { describe, expect, it } from 'vitest';
import { httpError } from '../../result.js';
import type { CreateCaseFileRequest, LawyerCaseFileDetail, LawyerCaseFileSummary } from '../../wire/index.js';
import { EMPTY_CASE_FILE_FORM, type CaseFilePrefill } from '../caseFileForm.js';
import { caseFilesStep, type CaseFilesEvent } from './caseFilesSlice.js';
import type { WorkspaceModel } from './model.js';
import { CASE_FILE_FORM_KEY_PREFIX, OPEN_CASE_FILE_KEY_PREFIX } from './tabMemorySlice.js';
import { context, modelWith, tab } from './workspaceFixtures.testSupport.js';

const step = (model: WorkspaceModel, event: CaseFilesEvent) => caseFilesStep(model, event, context);
const FORM_KEY = `${CASE_FILE_FORM_KEY_PREFIX}${context.lawyerId}`;
const request: CreateCaseFileRequest = { FirstName: ' Max ', LastName: 'Muster', Phone: '030 1234567', Title: 'Kündigung', Email: 'max@müller.de' };
const prefill: CaseFilePrefill = { chatId: 'chat-1', chatCaseId: 'case-1', caseReference: 'RC-CASE-1', values: EMPTY_CASE_FILE_FORM, filled: [] };
const detail = (caseId: string) => ({ CaseId: caseId }) as LawyerCaseFileDetail;

describe('case files slice', () => {
  it('should refuse an incomplete form beside its fields and keep it in the tab', () => {
    const [refused, effects] = step(modelWith(), { type: 'caseFiles/create', request: { ...request, FirstName: ' ', Phone: '12' } });
    expect(refused.state.caseFile.errors).toMatchObject({ FirstName: 'CaseFile.Required', Phone: expect.any(String) });
    expect(effects).toEqual([{ type: 'rememberInTab', key: FORM_KEY, value: null }]);
  });

  it('should send the number in E.164, the deliverable e-mail form and the chat case of a prefilled form', () => {
    const [creating, effects] = step(modelWith({ caseFile: { ...modelWith().state.caseFile, prefill } }), { type: 'caseFiles/create', request });
    expect(creating.state.caseFile.busy).toBe(true);
    expect(effects).toEqual([
      {
        type: 'createCaseFile',
        request: { ...request, FirstName: 'Max', Phone: '+49301234567', Email: 'max@xn--mller-kva.de', ChatCaseId: 'case-1' },
      },
    ]);
    const [created, after] = step(creating, {
      type: 'caseFiles/created',
      created: { CaseId: 'cf-1', CaseNumber: 'FA-2026-ABC234', Url: 'u', Token: 't', Pin: '1234' },
    });
    expect(created.state.caseFile).toEqual({
      busy: false,
      errors: {},
      created: { CaseId: 'cf-1', CaseNumber: 'FA-2026-ABC234', Url: 'u', Token: 't', Pin: '1234' },
      prefill: null,
      values: null,
    });
    expect(after).toEqual([{ type: 'rememberInTab', key: FORM_KEY, value: null }, { type: 'loadCaseFiles' }]);
    const [dismissed] = step(created, { type: 'caseFiles/dismissCreated' });
    expect(dismissed.state.caseFile.created).toBeNull();
    const [failed] = step(creating, { type: 'caseFiles/createFailed', error: httpError(400, 'Invalid', 'Ungültig') });
    expect(failed.state.caseFile.busy).toBe(false);
    expect(failed.state.notice).toEqual({ key: 'Workspace.CaseFileFailed', detail: 'Ungültig' });
  });

  it('should name a file created from a chat in every tab of that chat’s case at once, as the server lists it after a reload', () => {
    const created = { CaseId: 'cf-1', CaseNumber: 'FA-2026-ABC234', Url: 'u', Token: 't', Pin: '1234' };
    const profile = { Id: context.lawyerId, Name: 'Anna Anwältin', Email: 'a@k.de', Gender: 'female', ImageUrl: '', Role: 'lawyer', Phone: '' } as const;
    const holding = modelWith({ tabs: [tab(1), tab(2)], profile });
    const [started] = step(holding, { type: 'caseFiles/startFromChat', chatId: 'chat-1' });
    const [creating, firstRequest] = step(started, { type: 'caseFiles/create', request });
    // The first file from a chat confirms nothing.
    expect(firstRequest).toEqual([{ type: 'createCaseFile', request: expect.not.objectContaining({ ConfirmSecond: expect.anything() }) }]);
    const [done] = step(creating, { type: 'caseFiles/created', created });
    const named = { CaseId: 'cf-1', CaseNumber: 'FA-2026-ABC234', Own: true, LawyerName: 'Anna Anwältin' };
    expect(done.state.tabs.find((t) => t.chatId === 'chat-1')?.facts.CaseFiles).toEqual([named]);
    // Another chat's tab is not touched.
    expect(done.state.tabs.find((t) => t.chatId === 'chat-2')?.facts.CaseFiles ?? []).toEqual([]);
    // A second file from the same chat (confirmed in the console) is named beside the first.
    const [again, rememberedAgain] = step(done, { type: 'caseFiles/startFromChat', chatId: 'chat-1' });
    // The chat named the first, so the form came from „Weitere Fallakte anlegen“: the request says so, also after a reload.
    expect(rememberedAgain).toEqual([{ type: 'rememberInTab', key: FORM_KEY, value: expect.stringContaining('"confirmedSecond":true') }]);
    const [creatingAgain, secondRequest] = step(again, { type: 'caseFiles/create', request });
    expect(secondRequest).toEqual([{ type: 'createCaseFile', request: expect.objectContaining({ ChatCaseId: 'case-1', ConfirmSecond: true }) }]);
    const [twice] = step(creatingAgain, { type: 'caseFiles/created', created: { ...created, CaseId: 'cf-2', CaseNumber: 'FA-2026-XYZ789' } });
    expect(twice.state.tabs.find((t) => t.chatId === 'chat-1')?.facts.CaseFiles?.map((f) => f.CaseNumber)).toEqual(['FA-2026-ABC234', 'FA-2026-XYZ789']);
    // A blank form names no chat.
    const [blank] = step(modelWith({ tabs: [tab(1)] }), { type: 'caseFiles/create', request });
    expect(step(blank, { type: 'caseFiles/created', created })[0].state.tabs[0]?.facts.CaseFiles ?? []).toEqual([]);
  });

  it('should start the form from a held chat, keep typed values and forget them when discarded', () => {
    const holding = modelWith({ tabs: [tab(1)], selectedChatId: 'chat-1' });
    expect(step(holding, { type: 'caseFiles/startFromChat', chatId: 'chat-9' })[0]).toBe(holding);
    const [started, remembered] = step(holding, { type: 'caseFiles/startFromChat', chatId: 'chat-1' });
    expect(started.state).toMatchObject({ selectedChatId: null, view: 'casefile', viewChosen: true });
    expect(started.state.caseFile.prefill?.chatCaseId).toBe('case-1');
    expect(remembered).toEqual([{ type: 'rememberInTab', key: FORM_KEY, value: expect.stringContaining('"chatCaseId":"case-1"') }]);
    const values = { ...EMPTY_CASE_FILE_FORM, LastName: 'Muster' };
    const [typed] = step(started, { type: 'caseFiles/setValues', values });
    expect(typed.state.caseFile.values).toEqual(values);
    const [discarded, forget] = step(typed, { type: 'caseFiles/discardPrefill' });
    expect(discarded.state.caseFile).toMatchObject({ prefill: null, values: null });
    expect(forget).toEqual([{ type: 'rememberInTab', key: FORM_KEY, value: null }]);
  });

  it('should list, open, re-read and close case files; a re-read of another file changes nothing', () => {
    expect(step(modelWith(), { type: 'caseFiles/load' })[1]).toEqual([{ type: 'loadCaseFiles' }]);
    expect(step(modelWith(), { type: 'caseFiles/loaded', caseFiles: [] })[0].state.caseFiles).toEqual([]);
    expect(step(modelWith(), { type: 'caseFiles/open', caseFileId: 'cf-1' })[1]).toEqual([{ type: 'openCaseFile', caseFileId: 'cf-1' }]);
    const [opened] = step(step(modelWith(), { type: 'caseFiles/open', caseFileId: 'cf-1' })[0], { type: 'caseFiles/opened', detail: detail('cf-1') });
    expect(opened.state.openedCaseFile?.CaseId).toBe('cf-1');
    const fresher = { ...detail('cf-1'), Title: 'neu' };
    expect(step(opened, { type: 'caseFiles/refreshed', detail: fresher })[0].state.openedCaseFile).toBe(fresher);
    expect(step(opened, { type: 'caseFiles/refreshed', detail: detail('cf-2') })[0].state.openedCaseFile?.CaseId).toBe('cf-1');
    expect(step(opened, { type: 'caseFiles/close' })[0].state.openedCaseFile).toBeNull();
  });

  it('should not bring back a file whose reading answers after the lawyer went back to the list or opened another one', () => {
    // Read again after a change (the mandate reopened), then „Zurück zur Übersicht“ before the answer (seen under load).
    const [opened] = step(step(modelWith(), { type: 'caseFiles/open', caseFileId: 'cf-1' })[0], { type: 'caseFiles/opened', detail: detail('cf-1') });
    const [reading] = step(opened, { type: 'caseFiles/open', caseFileId: 'cf-1' });
    const [backAtList] = step(reading, { type: 'caseFiles/close' });
    expect(step(backAtList, { type: 'caseFiles/opened', detail: detail('cf-1') })).toEqual([backAtList, []]);
    // Another file opened before the first one's answer: only the other one is shown.
    const [first] = step(modelWith(), { type: 'caseFiles/open', caseFileId: 'cf-1' });
    const [second] = step(first, { type: 'caseFiles/open', caseFileId: 'cf-2' });
    const [late] = step(second, { type: 'caseFiles/opened', detail: detail('cf-1') });
    expect(late.state.openedCaseFile).toBeNull();
    expect(step(late, { type: 'caseFiles/opened', detail: detail('cf-2') })[0].state.openedCaseFile?.CaseId).toBe('cf-2');
  });

  it('should take a withdrawn file off the list, the chats it was made from and the screen, and read the list again', () => {
    const summary = (caseId: string) => ({ CaseId: caseId }) as LawyerCaseFileSummary;
    const named = (caseId: string) => ({ CaseId: caseId, CaseNumber: `FA-${caseId}`, Own: true, LawyerName: 'Anna' });
    const chat = { ...tab(1), facts: { ...tab(1).facts, CaseFiles: [named('cf-1'), named('cf-2')] } };
    const reading = modelWith({ caseFiles: [summary('cf-1'), summary('cf-2')], openedCaseFile: detail('cf-1'), tabs: [chat, tab(2)] });
    const [after, effects] = step(reading, { type: 'caseFiles/withdrawn', caseFileId: 'cf-1' });
    expect(after.state.caseFiles).toEqual([summary('cf-2')]);
    expect(after.state.openedCaseFile).toBeNull();
    expect(after.state.tabs.map((t) => t.facts.CaseFiles)).toEqual([[named('cf-2')], tab(2).facts.CaseFiles]);
    expect(effects).toEqual([{ type: 'rememberInTab', key: `${OPEN_CASE_FILE_KEY_PREFIX}${context.lawyerId}`, value: null }, { type: 'loadCaseFiles' }]);
    // Another file open on screen stays open.
    const other = modelWith({ caseFiles: [summary('cf-1')], openedCaseFile: detail('cf-2') });
    const [kept, keptEffects] = step(other, { type: 'caseFiles/withdrawn', caseFileId: 'cf-1' });
    expect(kept.state.openedCaseFile?.CaseId).toBe('cf-2');
    expect(keptEffects).toEqual([{ type: 'loadCaseFiles' }]);
  });

  it('should drop a file handed over to a colleague from the list and the screen, and name the colleague in its chats', () => {
    const summary = (caseId: string) => ({ CaseId: caseId }) as LawyerCaseFileSummary;
    const named = (caseId: string) => ({ CaseId: caseId, CaseNumber: `FA-${caseId}`, Own: true, LawyerName: 'Anna' });
    const chat = { ...tab(1), facts: { ...tab(1).facts, CaseFiles: [named('cf-1'), named('cf-2')] } };
    const reading = modelWith({ caseFiles: [summary('cf-1'), summary('cf-2')], openedCaseFile: detail('cf-1'), tabs: [chat] });
    const [after, effects] = step(reading, { type: 'caseFiles/handedOver', caseFileId: 'cf-1', lawyerName: 'Markus' });
    expect(after.state.caseFiles).toEqual([summary('cf-2')]);
    expect(after.state.openedCaseFile).toBeNull();
    expect(after.state.tabs.map((t) => t.facts.CaseFiles)).toEqual([[{ ...named('cf-1'), Own: false, LawyerName: 'Markus' }, named('cf-2')]]);
    expect(effects).toEqual([{ type: 'rememberInTab', key: `${OPEN_CASE_FILE_KEY_PREFIX}${context.lawyerId}`, value: null }, { type: 'loadCaseFiles' }]);
  });

  it('should close the open file, take it off the list and say so when its re-read after a change answers 404 (it left in another tab)', () => {
    const summary = (caseId: string) => ({ CaseId: caseId }) as LawyerCaseFileSummary;
    const named = { CaseId: 'cf-1', CaseNumber: 'FA-cf-1', Own: true, LawyerName: 'Anna' };
    const chat = { ...tab(1), facts: { ...tab(1).facts, CaseFiles: [named] } };
    const open = { ...detail('cf-1'), CaseNumber: 'FA-2026-ABC234' };
    const reading = modelWith({ view: 'casefiles', caseFiles: [summary('cf-1'), summary('cf-2')], openedCaseFile: open, tabs: [chat] });
    const gone = httpError(404, 'NotFound', 'Die Fallakte wurde nicht gefunden.');
    const [after, effects] = step(reading, { type: 'caseFiles/refreshFailed', caseFileId: 'cf-1', error: gone });
    expect(after.state).toMatchObject({ openedCaseFile: null, caseFileLeft: { CaseId: 'cf-1', CaseNumber: 'FA-2026-ABC234' } });
    expect(after.state.caseFiles).toEqual([summary('cf-2')]);
    // Handed over or withdrawn is not known here: the chat keeps naming the file until its next read.
    expect(after.state.tabs[0]?.facts.CaseFiles).toEqual([named]);
    expect(effects).toEqual([{ type: 'rememberInTab', key: `${OPEN_CASE_FILE_KEY_PREFIX}${context.lawyerId}`, value: null }, { type: 'loadCaseFiles' }]);
    // Opening another file ends the notice.
    const [opening] = step(after, { type: 'caseFiles/open', caseFileId: 'cf-2' });
    expect(step(opening, { type: 'caseFiles/opened', detail: detail('cf-2') })[0].state.caseFileLeft).toBeNull();
  });

  it('should keep the open file on screen when its re-read fails otherwise or concerns a file no longer open', () => {
    const reading = modelWith({ view: 'casefiles', caseFiles: [{ CaseId: 'cf-1' } as LawyerCaseFileSummary], openedCaseFile: detail('cf-1') });
    const offline = { _tag: 'NetworkError', message: 'offline' } as const;
    expect(step(reading, { type: 'caseFiles/refreshFailed', caseFileId: 'cf-1', error: offline })).toEqual([reading, []]);
    expect(step(reading, { type: 'caseFiles/refreshFailed', caseFileId: 'cf-1', error: httpError(500, 'Internal', 'x') })).toEqual([reading, []]);
    const gone = httpError(404, 'NotFound', 'Die Fallakte wurde nicht gefunden.');
    expect(step(reading, { type: 'caseFiles/refreshFailed', caseFileId: 'cf-2', error: gone })).toEqual([reading, []]);
  });

  it('should re-read what the case-files view shows when a client changes a file, and count the re-reads of the open one', () => {
    const reading = modelWith({ view: 'casefiles', openedCaseFile: detail('cf-1') });
    expect(step(reading, { type: 'caseFiles/changedByClient', caseFileId: 'cf-1' })[1]).toEqual([
      { type: 'loadCaseFiles' },
      { type: 'refreshCaseFile', caseFileId: 'cf-1', changedByClient: true },
    ]);
    // Another file of the lawyer's: only the list; a view not shown: nothing (turning to it re-reads both).
    expect(step(reading, { type: 'caseFiles/changedByClient', caseFileId: 'cf-2' })[1]).toEqual([{ type: 'loadCaseFiles' }]);
    expect(step(modelWith({ view: 'queue', openedCaseFile: detail('cf-1') }), { type: 'caseFiles/changedByClient', caseFileId: 'cf-1' })[1]).toEqual([]);
    const fresher = { ...detail('cf-1'), Title: 'neu' };
    const [changed] = step(reading, { type: 'caseFiles/refreshed', detail: fresher, changedByClient: true });
    expect(changed.state).toMatchObject({ openedCaseFile: fresher, openedCaseFileClientChanges: 1 });
    // The lawyer's own re-read is no news, and a file closed meanwhile stays closed.
    expect(step(changed, { type: 'caseFiles/refreshed', detail: fresher })[0].state.openedCaseFileClientChanges).toBe(1);
    expect(step(modelWith({ view: 'casefiles' }), { type: 'caseFiles/refreshed', detail: fresher, changedByClient: true })[0].state).toMatchObject({
      openedCaseFile: null,
      openedCaseFileClientChanges: 0,
    });
  });
});
