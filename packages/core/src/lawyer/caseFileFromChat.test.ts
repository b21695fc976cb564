import { describe, expect, it } from 'vitest';
import { caseFilePrefillFromChat as prefillFor } from './caseFileFromChat.js';
import { libphonenumberPlan } from '../validation/libphonenumberPlan.js';
import { MessageType, type CallbackEntry, type ChatMessage } from '../wire/index.js';
import type { ChatTab } from './workspaceState.js';
import { callbackEntry, FakeLawyerBackend, waiting } from './lawyerFakes.testSupport.js';
import { newTab } from './workspaceState.js';

const LAWYER = 'law-1';
const caseFilePrefillFromChat = (tab: ChatTab, callbacks: readonly CallbackEntry[]) => prefillFor(tab, callbacks, LAWYER, libphonenumberPlan);

let seq = 0;
const said = (authorId: string, text: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  Id: `m-${++seq}`,
  Message: text,
  Type: MessageType.Message,
  Author: { Id: authorId, Name: authorId === 'p-1' ? '' : 'Anwalt' },
  AuthorKind: authorId === 'p-1' ? 'participant' : 'lawyer',
  Created: `2026-11-25T10:00:${String(seq).padStart(2, '0')}.000Z`,
  ...extra,
});

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

  it('should show an umlaut e-mail domain as the client wrote it', () => {
    expect(caseFilePrefillFromChat(heldTab('juergen@xn--mller-kva.de'), []).values.Email).toBe('juergen@müller.de');
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

  it("should take the newest phone number the client wrote when there is no callback request, never the lawyer's or a colleague's", () => {
    const tab = {
      ...heldTab(null),
      messages: [
        said('p-1', 'Sie erreichen mich unter 030 23456789.'),
        said('p-1', 'Oder besser mobil: 0171 2345678, ab 17 Uhr.'),
        said(LAWYER, 'Unsere Kanzlei erreichen Sie unter 089 12345678.'),
        said('law-2', 'Meine Durchwahl ist 040 87654321.'),
        said('p-1', 'Danke!'),
      ],
    };
    const prefill = caseFilePrefillFromChat(tab, []);
    expect(prefill.values.Phone).toBe('0171 2345678');
    expect(prefill.filled).toContain('Phone');
  });

  it("should prefer the callback request's number to one in a message, and leave the field empty without either", () => {
    const tab = { ...heldTab(null), messages: [said('p-1', 'Meine Nummer: 0171 2345678')] };
    const callback = callbackEntry({
      Id: 'cb',
      ChatId: 'chat-4',
      CaseId: 'case-4',
      Availability: 'x',
      Created: '2026-11-22T08:00:00.000Z',
      PhoneDisplay: '030 23456789',
    });
    expect(caseFilePrefillFromChat(tab, [callback]).values.Phone).toBe('030 23456789');
    expect(caseFilePrefillFromChat({ ...heldTab(null), messages: [said('p-1', 'Versicherungsnummer 123456789')] }, []).values.Phone).toBe('');
  });
});
