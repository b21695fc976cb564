// Field-of-law slice: the lawyer corrects the field of law the bot classified for a chat they hold (running or ended),
// so the queue's callbacks, the reports and the insurer's invoice carry the right one. The tab shows the facts as
// stored; a correction made on another of the lawyer's consoles arrives as the FieldOfLawChanged notice.
import type { AppError } from '../../result.js';
import type { ChatFieldOfLaw } from '../../wire/index.js';
import { updateTab } from '../workspaceState.js';
import { withState, type Step, type WorkspaceModel } from './model.js';

export type FieldOfLawEvent =
  | { readonly type: 'fieldOfLaw/change'; readonly chatId: string; readonly fieldOfLaw: number }
  | { readonly type: 'fieldOfLaw/changed'; readonly changed: ChatFieldOfLaw }
  | { readonly type: 'fieldOfLaw/changeFailed'; readonly chatId: string; readonly error: AppError };

/** The tab of `chatId` with the field of law as stored now; the other facts stay. A pure update of the model. */
export function withFieldOfLaw(model: WorkspaceModel, chatId: string, fieldOfLaw: number, longName: string): WorkspaceModel {
  return withState(model, (s) =>
    updateTab(s, chatId, (tab) =>
      tab.facts.FieldOfLaw === fieldOfLaw && tab.facts.FieldOfLawLongName === longName
        ? tab
        : { ...tab, facts: { ...tab.facts, FieldOfLaw: fieldOfLaw, FieldOfLawLongName: longName } },
    ),
  );
}

function change(model: WorkspaceModel, chatId: string, fieldOfLaw: number): Step {
  const tab = model.state.tabs.find((t) => t.chatId === chatId);
  // One correction at a time; the same field again is no change (nothing to send, nothing to announce).
  if (!tab || tab.fieldOfLawStatus === 'saving') return [model, []];
  if (tab.facts.FieldOfLaw === fieldOfLaw)
    return [withState(model, (s) => updateTab(s, chatId, (t) => ({ ...t, fieldOfLawStatus: 'idle', fieldOfLawError: null }))), []];
  return [
    withState(model, (s) => updateTab(s, chatId, (t) => ({ ...t, fieldOfLawStatus: 'saving', fieldOfLawError: null }))),
    [{ type: 'changeFieldOfLaw', chatId, fieldOfLaw }],
  ];
}

/** A refused choice (400) carries the server's German text; any other failure gets the console's general one. */
const refusal = (error: AppError): string | null => (error._tag === 'HttpError' && error.status === 400 && error.message !== '' ? error.message : null);

/** Pure: `(model, event) → [model, effects]`. */
export function fieldOfLawStep(model: WorkspaceModel, event: FieldOfLawEvent): Step {
  switch (event.type) {
    case 'fieldOfLaw/change':
      return change(model, event.chatId, event.fieldOfLaw);
    case 'fieldOfLaw/changed': {
      const { ChatId, FieldOfLaw, FieldOfLawLongName } = event.changed;
      const stored = withFieldOfLaw(model, ChatId, FieldOfLaw, FieldOfLawLongName);
      return [withState(stored, (s) => updateTab(s, ChatId, (t) => ({ ...t, fieldOfLawStatus: 'saved', fieldOfLawError: null }))), []];
    }
    case 'fieldOfLaw/changeFailed':
      return [withState(model, (s) => updateTab(s, event.chatId, (t) => ({ ...t, fieldOfLawStatus: 'failed', fieldOfLawError: refusal(event.error) }))), []];
  }
}
