import { describe, expect, it } from 'vitest';
import { caseFilePrefillFromChat } from './caseFileFromChat.js';
import { callbackEntry, FakeLawyerBackend, waiting } from './lawyerFakes.test-support.js';
import { newTab } from './workspaceState.js';

const heldTab = (email: string | null) => {
  const facts = new FakeLawyerBackend(() => 0).hold(waiting(4, { Description: '  Mein Vermieter hat gekündigt.  ' }));
  return newTab({ ...facts, Email: email });
};

describe('caseFilePrefillFromChat', () => {
  it("should take the problem, field of law and the bot's e-mail, and leave name, phone and title to the lawyer", () => {
    const prefill = caseFilePrefillFromChat(heldTab('kunde@example.org'), []);
    expect(prefill.values).toEqual({
      FirstName: '',
      LastName: '',
      Phone: '',
      Email: 'kunde@example.org',
      Title: '',
      Description: 'Mein Vermieter hat gekündigt.',
      FieldOfLaw: 'Mietrecht',
    });
    expect(prefill.filled).toEqual(['Email', 'FieldOfLaw', 'Description']);
    expect(prefill).toMatchObject({ chatId: 'chat-4', chatCaseId: 'case-4', caseReference: 'RC-CASE-4' });
  });

  it('should leave the e-mail empty when the client skipped it in the bot intake', () => {
    expect(caseFilePrefillFromChat(heldTab(null), []).values.Email).toBe('');
  });

  it("should take the phone number of the case's newest callback request, never another case's", () => {
    const callbacks = [
      callbackEntry({
        Id: 'cb-old',
        ChatId: 'chat-4',
        CaseId: 'case-4',
        Availability: 'x',
        Created: '2026-11-22T08:00:00.000Z',
        PhoneDisplay: '+49 30 1111111',
      }),
      callbackEntry({
        Id: 'cb-new',
        ChatId: 'chat-4',
        CaseId: 'case-4',
        Availability: 'x',
        Created: '2026-11-22T09:00:00.000Z',
        PhoneDisplay: '+49 170 5550123',
      }),
      callbackEntry({
        Id: 'cb-other',
        ChatId: 'chat-5',
        CaseId: 'case-5',
        Availability: 'x',
        Created: '2026-11-22T10:00:00.000Z',
        PhoneDisplay: '+49 40 9999999',
      }),
    ];
    const prefill = caseFilePrefillFromChat(heldTab(null), callbacks);
    expect(prefill.values.Phone).toBe('+49 170 5550123');
    expect(prefill.filled).toEqual(['Phone', 'FieldOfLaw', 'Description']);
    expect(caseFilePrefillFromChat(heldTab(null), callbacks.slice(2)).values.Phone).toBe('');
  });
});
