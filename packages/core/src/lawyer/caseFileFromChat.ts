// "Fallakte aus diesem Chat anlegen": what the case-file form can take over from a chat, so the lawyer only
// checks and completes it instead of retyping what the client already told the bot.
import { emailForDisplay } from '../casefile/emailDomain.js';
import { caseReferenceOf, MessageType, type CallbackEntry } from '../wire/index.js';
import type { PhoneNumberPlan } from '../ports/phoneNumberPlan.js';
import { lastPhoneNumberIn } from '../validation/phoneInText.js';
import { isFromClient, type ChatTab } from './workspaceState.js';
import { EMPTY_CASE_FILE_FORM, type CaseFileFormValueField, type CaseFileFormValues, type CaseFilePrefill } from './caseFileForm.js';

const FORM_ORDER: readonly CaseFileFormValueField[] = ['FirstName', 'LastName', 'Phone', 'Email', 'Title', 'FieldOfLaw', 'Description'];

/** The newest phone number the client wrote in a message of this case (never the lawyer's, a colleague's or the bot's). */
function phoneFromClientMessages(tab: ChatTab, lawyerId: string, plan: PhoneNumberPlan): string | null {
  for (const message of [...tab.messages].reverse()) {
    if (message.Type !== MessageType.Message || !isFromClient(message, lawyerId)) continue;
    const phone = lastPhoneNumberIn(message.Message, plan);
    if (phone) return phone.display;
  }
  return null;
}

/**
 * The form values a chat yields. The bot collected the problem (Description), the field of law and maybe an
 * e-mail address; a phone number is known when the client asked for a callback in this case (the newest one
 * counts), else when the client wrote one in a message. The chat never asks for a name, so first and last name
 * and the file's title stay for the lawyer. Pure.
 */
export function caseFilePrefillFromChat(tab: ChatTab, callbacks: readonly CallbackEntry[], lawyerId: string, plan: PhoneNumberPlan): CaseFilePrefill {
  const { facts } = tab;
  const callback = callbacks
    .filter((c) => c.CaseId === tab.caseId)
    .reduce<CallbackEntry | null>((newest, c) => (newest && newest.Created >= c.Created ? newest : c), null);
  const values: CaseFileFormValues = {
    ...EMPTY_CASE_FILE_FORM,
    Phone: callback?.PhoneDisplay ?? phoneFromClientMessages(tab, lawyerId, plan) ?? '',
    // As the client wrote it (max@müller.de); creating the file sends the xn-- form again (lawyerWorkspace).
    Email: emailForDisplay(facts.Email?.trim() ?? ''),
    Description: facts.Description.trim(),
    FieldOfLaw: facts.FieldOfLawLongName.trim(),
  };
  return {
    chatId: tab.chatId,
    chatCaseId: tab.caseId,
    caseReference: caseReferenceOf(tab.caseId),
    values,
    filled: FORM_ORDER.filter((field) => values[field] !== ''),
  };
}
