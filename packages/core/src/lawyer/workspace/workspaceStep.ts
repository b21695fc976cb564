// The whole workspace as one pure step: each event goes to the slice named by its prefix; a changed selection is kept
// in the tab afterwards, whichever slice changed it.
import type { Step, StepContext, WorkspaceModel } from './model.js';
import { caseFilesStep, type CaseFilesEvent } from './caseFilesSlice.js';
import { chatTabsStep, type ChatTabsEvent } from './chatTabsSlice.js';
import { fieldOfLawStep, type FieldOfLawEvent } from './fieldOfLawSlice.js';
import { profileStep, type ProfileEvent } from './profileSlice.js';
import { queueStep, type QueueEvent } from './queueSlice.js';
import { sessionStep, type SessionEvent } from './sessionSlice.js';
import { selectionMemory, tabMemoryStep, type TabMemoryEvent } from './tabMemorySlice.js';

export type WorkspaceEvent = SessionEvent | QueueEvent | ChatTabsEvent | FieldOfLawEvent | CaseFilesEvent | ProfileEvent | TabMemoryEvent;

type SliceOf<P extends string> = Extract<WorkspaceEvent, { readonly type: `${P}/${string}` }>;
const isOf =
  <P extends string>(prefix: P) =>
  (event: WorkspaceEvent): event is SliceOf<P> =>
    event.type.startsWith(`${prefix}/`);

const isSession = isOf('session');
const isQueue = isOf('queue');
const isTabs = isOf('tabs');
const isCaseFiles = isOf('caseFiles');
const isProfile = isOf('profile');
const isFieldOfLaw = isOf('fieldOfLaw');

function sliceStep(model: WorkspaceModel, event: WorkspaceEvent, context: StepContext): Step {
  if (isSession(event)) return sessionStep(model, event);
  if (isQueue(event)) return queueStep(model, event);
  if (isTabs(event)) return chatTabsStep(model, event, context);
  if (isCaseFiles(event)) return caseFilesStep(model, event, context);
  if (isProfile(event)) return profileStep(model, event);
  if (isFieldOfLaw(event)) return fieldOfLawStep(model, event);
  return tabMemoryStep(model, event, context);
}

export function workspaceStep(model: WorkspaceModel, event: WorkspaceEvent, context: StepContext): Step {
  const [next, effects] = sliceStep(model, event, context);
  const remembered = selectionMemory(model.state, next, context);
  return [next, remembered.length === 0 ? effects : [...effects, ...remembered]];
}
