import { describe, expect, it } from 'vitest';
import { httpError, networkError } from '../../result.js';
import { chatTabsStep } from './chatTabsSlice.js';
import { fieldOfLawStep } from './fieldOfLawSlice.js';
import { context, modelWith, tab } from './workspaceFixtures.testSupport.js';

const CONSUMER = 'Verbraucherrecht (Online-Kauf, Abos, Widerruf, Inkasso)';
const tabOf = (model: ReturnType<typeof modelWith>) => model.state.tabs[0];

describe('field-of-law slice', () => {
  it('should send the chosen field, show it once the server stored it and mark it saved', () => {
    const [saving, effects] = fieldOfLawStep(modelWith({ tabs: [tab(1)] }), { type: 'fieldOfLaw/change', chatId: 'chat-1', fieldOfLaw: 10 });
    expect(effects).toEqual([{ type: 'changeFieldOfLaw', chatId: 'chat-1', fieldOfLaw: 10 }]);
    expect(tabOf(saving)).toMatchObject({ fieldOfLawStatus: 'saving', fieldOfLawError: null, facts: { FieldOfLaw: 5 } });
    // A second choice while the first is on its way is not sent.
    expect(fieldOfLawStep(saving, { type: 'fieldOfLaw/change', chatId: 'chat-1', fieldOfLaw: 9 })).toEqual([saving, []]);

    const [saved, none] = fieldOfLawStep(saving, { type: 'fieldOfLaw/changed', changed: { ChatId: 'chat-1', FieldOfLaw: 10, FieldOfLawLongName: CONSUMER } });
    expect(none).toEqual([]);
    expect(tabOf(saved)).toMatchObject({ fieldOfLawStatus: 'saved', fieldOfLawError: null, facts: { FieldOfLaw: 10, FieldOfLawLongName: CONSUMER } });
  });

  it('should send nothing for the field the chat already has', () => {
    const [next, effects] = fieldOfLawStep(modelWith({ tabs: [tab(1, { fieldOfLawStatus: 'failed', fieldOfLawError: 'x' })] }), {
      type: 'fieldOfLaw/change',
      chatId: 'chat-1',
      fieldOfLaw: 5,
    });
    expect(effects).toEqual([]);
    expect(tabOf(next)).toMatchObject({ fieldOfLawStatus: 'idle', fieldOfLawError: null });
    expect(fieldOfLawStep(modelWith(), { type: 'fieldOfLaw/change', chatId: 'chat-9', fieldOfLaw: 1 })[1]).toEqual([]);
  });

  it('should keep the server’s German text for a refused choice and leave other failures to the console’s text', () => {
    const saving = modelWith({ tabs: [tab(1, { fieldOfLawStatus: 'saving' })] });
    const refused = fieldOfLawStep(saving, {
      type: 'fieldOfLaw/changeFailed',
      chatId: 'chat-1',
      error: httpError(400, 'BadRequest', 'Bitte wählen Sie ein Rechtsgebiet aus der Liste.'),
    })[0];
    expect(tabOf(refused)).toMatchObject({
      fieldOfLawStatus: 'failed',
      fieldOfLawError: 'Bitte wählen Sie ein Rechtsgebiet aus der Liste.',
      facts: { FieldOfLaw: 5 },
    });
    for (const error of [networkError('offline'), httpError(404, 'NotFound', 'Der Chat wurde nicht gefunden.')])
      expect(tabOf(fieldOfLawStep(saving, { type: 'fieldOfLaw/changeFailed', chatId: 'chat-1', error })[0])).toMatchObject({
        fieldOfLawStatus: 'failed',
        fieldOfLawError: null,
      });
  });

  it('should show a correction made on another of the lawyer’s consoles (FieldOfLawChanged)', () => {
    const [next] = chatTabsStep(
      modelWith({ tabs: [tab(1)] }),
      {
        type: 'tabs/notification',
        notification: { ChatId: 'chat-1', Type: 'FieldOfLawChanged', Data: { FieldOfLaw: 10, FieldOfLawLongName: CONSUMER } },
        nowMs: 0,
      },
      context,
    );
    expect(tabOf(next)?.facts).toMatchObject({ FieldOfLaw: 10, FieldOfLawLongName: CONSUMER });
    expect(tabOf(next)?.fieldOfLawStatus).toBe('idle');
  });
});
