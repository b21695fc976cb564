// Case files slice: the form that creates a case file (blank or started from a chat), the link and PIN shown once,
// the list of the lawyer's case files and the file opened for reading.
import { emailForSending } from '../../casefile/emailDomain.js';
import type { PhoneNumberPlan } from '../../ports/phoneNumberPlan.js';
import type { AppError } from '../../result.js';
import { validateEmail } from '../../validation/email.js';
import { validatePhoneNumber } from '../../validation/phone.js';
import type { ChatCaseFile, CreateCaseFileRequest, CreateCaseFileResult, LawyerCaseFileDetail, LawyerCaseFileSummary } from '../../wire/index.js';
import { caseFilePrefillFromChat } from '../caseFileFromChat.js';
import type { CaseFileFormValues } from '../caseFileForm.js';
import type { CaseFileDraftState, CaseFileFormField } from '../workspaceState.js';
import { withState, type Step, type StepContext, type WorkspaceModel } from './model.js';
import { withNotice } from './notices.js';
import { caseFileFormMemory, openCaseFileMemory } from './tabMemorySlice.js';

export type CaseFilesEvent =
  | { readonly type: 'caseFiles/load' }
  | { readonly type: 'caseFiles/loaded'; readonly caseFiles: readonly LawyerCaseFileSummary[] }
  | { readonly type: 'caseFiles/open'; readonly caseFileId: string }
  | { readonly type: 'caseFiles/opened'; readonly detail: LawyerCaseFileDetail }
  /** The file the tab had open before a reload could not be read again: nothing is shown, and it is forgotten. */
  | { readonly type: 'caseFiles/reopenFailed' }
  /** A re-read of the open file; ignored when the lawyer opened another one meanwhile. */
  | { readonly type: 'caseFiles/refreshed'; readonly detail: LawyerCaseFileDetail; readonly changedByClient?: boolean }
  /** A re-read of the open file failed; a 404 means the file is no longer this lawyer's (`fileGone`). */
  | { readonly type: 'caseFiles/refreshFailed'; readonly caseFileId: string; readonly error: AppError }
  /** The hub: the client of one of this lawyer's files changed it (CaseFileChanged). */
  | { readonly type: 'caseFiles/changedByClient'; readonly caseFileId: string }
  | { readonly type: 'caseFiles/close' }
  /** The lawyer withdrew this file (created by mistake): it is gone from the list, the chats and the screen. */
  | { readonly type: 'caseFiles/withdrawn'; readonly caseFileId: string }
  /** The lawyer handed this file over to a colleague: it leaves the list and the screen; the chats name the colleague. */
  | { readonly type: 'caseFiles/handedOver'; readonly caseFileId: string; readonly lawyerName: string }
  | { readonly type: 'caseFiles/create'; readonly request: CreateCaseFileRequest }
  | { readonly type: 'caseFiles/created'; readonly created: CreateCaseFileResult }
  | { readonly type: 'caseFiles/createFailed'; readonly error: AppError }
  | { readonly type: 'caseFiles/startFromChat'; readonly chatId: string }
  | { readonly type: 'caseFiles/discardPrefill' }
  | { readonly type: 'caseFiles/setValues'; readonly values: CaseFileFormValues }
  /** The link and PIN were handed over: they are never shown again. */
  | { readonly type: 'caseFiles/dismissCreated' };

/** Required fields and formats of the case-file form; keys are i18n keys. */
export function caseFileErrors(request: CreateCaseFileRequest, plan: PhoneNumberPlan): Partial<Record<CaseFileFormField, string>> {
  const errors: Partial<Record<CaseFileFormField, string>> = {};
  if (request.FirstName.trim() === '') errors.FirstName = 'CaseFile.Required';
  if (request.LastName.trim() === '') errors.LastName = 'CaseFile.Required';
  if (request.Title.trim() === '') errors.Title = 'CaseFile.Required';
  const phone = validatePhoneNumber(request.Phone, plan);
  if (!phone.ok) errors.Phone = phone.errorKey;
  if (request.Email) {
    const email = validateEmail(emailForSending(request.Email));
    if (!email.ok) errors.Email = email.errorKey;
  }
  return errors;
}

/** Changes the form and keeps it in the tab for a reload. */
function changeForm(model: WorkspaceModel, context: StepContext, change: (form: CaseFileDraftState) => CaseFileDraftState): Step {
  const next = withState(model, (s) => ({ ...s, caseFile: change(s.caseFile) }));
  return [next, caseFileFormMemory(next, context)];
}

function create(model: WorkspaceModel, request: CreateCaseFileRequest, context: StepContext): Step {
  const errors = caseFileErrors(request, context.phonePlan);
  if (Object.keys(errors).length > 0) return changeForm(model, context, (form) => ({ ...form, errors }));
  const phone = validatePhoneNumber(request.Phone, context.phonePlan);
  const { chatCaseId, confirmedSecond } = model.state.caseFile.prefill ?? {};
  const body: CreateCaseFileRequest = {
    ...request,
    Phone: phone.ok ? phone.value.e164 : request.Phone,
    FirstName: request.FirstName.trim(),
    LastName: request.LastName.trim(),
    Title: request.Title.trim(),
    // The form shows an umlaut domain as written (max@müller.de); the server takes the deliverable xn-- form.
    ...(request.Email ? { Email: emailForSending(request.Email) } : {}),
    // A form started from a chat links the file to that chat's case.
    ...(chatCaseId !== undefined ? { ChatCaseId: chatCaseId } : {}),
    // The lawyer confirmed another file from a chat that has one: without saying so the server refuses it (409).
    ...(chatCaseId !== undefined && confirmedSecond === true ? { ConfirmSecond: true } : {}),
  };
  return [withState(model, (s) => ({ ...s, caseFile: { ...s.caseFile, busy: true, errors: {}, created: null } })), [{ type: 'createCaseFile', request: body }]];
}

/**
 * A file created from a chat: every tab of that chat's case names it at once ("Fallakte FA-… angelegt"), so a second
 * click asks before making another; the server's chat lists say the same after a reload.
 */
function namedInChat(model: WorkspaceModel, created: CreateCaseFileResult): WorkspaceModel {
  const chatCaseId = model.state.caseFile.prefill?.chatCaseId;
  if (chatCaseId === undefined) return model;
  const file: ChatCaseFile = { CaseId: created.CaseId, CaseNumber: created.CaseNumber, Own: true, LawyerName: model.state.profile?.Name ?? '' };
  return withState(model, (s) => ({
    ...s,
    tabs: s.tabs.map((tab) =>
      tab.caseId !== chatCaseId || (tab.facts.CaseFiles ?? []).some((f) => f.CaseId === file.CaseId)
        ? tab
        : { ...tab, facts: { ...tab.facts, CaseFiles: [...(tab.facts.CaseFiles ?? []), file] } },
    ),
  }));
}

function startFromChat(model: WorkspaceModel, chatId: string, context: StepContext): Step {
  const tab = model.state.tabs.find((t) => t.chatId === chatId);
  if (!tab) return [model, []];
  // A chat that names a file already asked first (ChatCaseFiles): the form comes from „Weitere Fallakte anlegen“.
  const confirmedSecond = (tab.facts.CaseFiles ?? []).length > 0;
  const prefill = {
    ...caseFilePrefillFromChat(tab, model.state.callbacks, context.lawyerId, context.phonePlan),
    ...(confirmedSecond ? { confirmedSecond } : {}),
  };
  // Link and PIN still on show stay until handed over.
  const leftChat = withState(model, (s) => ({ ...s, selectedChatId: null, view: 'casefile', viewChosen: true }));
  return changeForm(leftChat, context, (form) => ({ ...form, errors: {}, prefill, values: null }));
}

/**
 * What the case-files view shows is read again: the list, and the file if it is the one open. Nothing while the view
 * is not shown – turning to it re-reads both anyway, and every read of a file is an audited access.
 */
function changedByClient(model: WorkspaceModel, caseFileId: string): Step {
  const { view, selectedChatId, openedCaseFile } = model.state;
  if (view !== 'casefiles' || selectedChatId !== null) return [model, []];
  const open = openedCaseFile?.CaseId === caseFileId;
  return [model, [{ type: 'loadCaseFiles' }, ...(open ? [{ type: 'refreshCaseFile', caseFileId, changedByClient: true } as const] : [])]];
}

/**
 * A file that left this lawyer: gone from the list and, if open, from the screen, and the list is read again. The chats
 * it was made from get `inChats` applied to their entries of it (dropped or renamed).
 */
function fileLeft(model: WorkspaceModel, caseFileId: string, context: StepContext, inChats: (files: ChatCaseFile[]) => ChatCaseFile[]): Step {
  const wasOpen = model.state.openedCaseFile?.CaseId === caseFileId;
  const wanted = model.wantedCaseFileId === caseFileId ? null : model.wantedCaseFileId;
  const next = withState({ ...model, wantedCaseFileId: wanted }, (s) => ({
    ...s,
    caseFiles: s.caseFiles.filter((file) => file.CaseId !== caseFileId),
    openedCaseFile: wasOpen ? null : s.openedCaseFile,
    // This tab's own hand-over or withdrawal says it itself.
    caseFileLeft: s.caseFileLeft?.CaseId === caseFileId ? null : s.caseFileLeft,
    tabs: s.tabs.map((tab) =>
      (tab.facts.CaseFiles ?? []).some((file) => file.CaseId === caseFileId)
        ? { ...tab, facts: { ...tab.facts, CaseFiles: inChats(tab.facts.CaseFiles ?? []) } }
        : tab,
    ),
  }));
  return [next, [...(wasOpen ? openCaseFileMemory(next, context, null) : []), { type: 'loadCaseFiles' }]];
}

/** A withdrawn file is gone at once, also from the chats it was made from (so „Fallakte anlegen“ there asks nothing again). */
function withdrawn(model: WorkspaceModel, caseFileId: string, context: StepContext): Step {
  return fileLeft(model, caseFileId, context, (files) => files.filter((file) => file.CaseId !== caseFileId));
}

/** A file handed over to a colleague: the chats it was made from keep naming it, now as the colleague's. */
function handedOver(model: WorkspaceModel, caseFileId: string, lawyerName: string, context: StepContext): Step {
  return fileLeft(model, caseFileId, context, (files) =>
    files.map((file) => (file.CaseId === caseFileId ? { ...file, Own: false, LawyerName: lawyerName } : file)),
  );
}

/**
 * The open file re-read after a change (the hub's CaseFileChanged, turning to „Fallakten“) answers 404: it left this
 * lawyer elsewhere – handed over or withdrawn in another tab, on another device or by an administrator. It leaves list
 * and screen as in the tab that did it, and the list says so. The chats it was made from keep their entry (whether it
 * was handed over or withdrawn is not known here; the next read of the chats says). Any other failure keeps what is
 * shown.
 */
function refreshFailed(model: WorkspaceModel, caseFileId: string, error: AppError, context: StepContext): Step {
  const open = model.state.openedCaseFile;
  if (open?.CaseId !== caseFileId || !fileGone(error)) return [model, []];
  const [next, effects] = fileLeft(model, caseFileId, context, (files) => files);
  return [withState(next, (s) => ({ ...s, caseFileLeft: { CaseId: open.CaseId, CaseNumber: open.CaseNumber } })), effects];
}

/** The server answers 404 for a file that is withdrawn or another lawyer's, as for an unknown one. */
export const fileGone = (error: AppError): boolean => error._tag === 'HttpError' && error.status === 404;

function refreshed(model: WorkspaceModel, detail: LawyerCaseFileDetail, byClient: boolean): Step {
  if (model.state.openedCaseFile?.CaseId !== detail.CaseId) return [model, []];
  const changes = model.state.openedCaseFileClientChanges + (byClient ? 1 : 0);
  return [withState(model, (s) => ({ ...s, openedCaseFile: detail, openedCaseFileClientChanges: changes })), []];
}

export function caseFilesStep(model: WorkspaceModel, event: CaseFilesEvent, context: StepContext): Step {
  switch (event.type) {
    case 'caseFiles/load':
      return [model, [{ type: 'loadCaseFiles' }]];
    case 'caseFiles/loaded':
      return [withState(model, (s) => ({ ...s, caseFiles: event.caseFiles })), []];
    case 'caseFiles/open':
      return [{ ...model, wantedCaseFileId: event.caseFileId }, [{ type: 'openCaseFile', caseFileId: event.caseFileId }]];
    case 'caseFiles/opened': {
      // Late: the lawyer went back to the list (or to another file) while it was being read – it must not pop up again.
      if (model.wantedCaseFileId !== event.detail.CaseId) return [model, []];
      const next = withState(model, (s) => ({ ...s, openedCaseFile: event.detail, caseFileLeft: null }));
      return [next, openCaseFileMemory(next, context, event.detail.CaseId)];
    }
    case 'caseFiles/reopenFailed':
      return [{ ...model, wantedCaseFileId: null }, openCaseFileMemory(model, context, null)];
    case 'caseFiles/refreshed':
      return refreshed(model, event.detail, event.changedByClient === true);
    case 'caseFiles/refreshFailed':
      return refreshFailed(model, event.caseFileId, event.error, context);
    case 'caseFiles/changedByClient':
      return changedByClient(model, event.caseFileId);
    case 'caseFiles/close': {
      const next = withState({ ...model, wantedCaseFileId: null }, (s) => ({ ...s, openedCaseFile: null }));
      return [next, openCaseFileMemory(next, context, null)];
    }
    case 'caseFiles/withdrawn':
      return withdrawn(model, event.caseFileId, context);
    case 'caseFiles/handedOver':
      return handedOver(model, event.caseFileId, event.lawyerName, context);
    case 'caseFiles/create':
      return create(model, event.request, context);
    case 'caseFiles/created': {
      const [next, effects] = changeForm(namedInChat(model, event.created), context, () => ({
        busy: false,
        errors: {},
        created: event.created,
        prefill: null,
        values: null,
      }));
      return [next, [...effects, { type: 'loadCaseFiles' }]];
    }
    case 'caseFiles/createFailed':
      return [withState(model, (s) => withNotice({ ...s, caseFile: { ...s.caseFile, busy: false } }, 'Workspace.CaseFileFailed', event.error)), []];
    case 'caseFiles/startFromChat':
      return startFromChat(model, event.chatId, context);
    case 'caseFiles/discardPrefill':
      return changeForm(model, context, (form) => ({ ...form, errors: {}, prefill: null, values: null }));
    case 'caseFiles/setValues':
      return changeForm(model, context, (form) => ({ ...form, values: event.values }));
    case 'caseFiles/dismissCreated':
      // A form started from a chat meanwhile keeps its values.
      return [withState(model, (s) => ({ ...s, caseFile: { ...s.caseFile, busy: false, errors: {}, created: null } })), []];
  }
}
