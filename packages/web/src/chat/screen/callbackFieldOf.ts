/** The callback form field an error key from core belongs to. */
export type CallbackField = 'phone' | 'date' | 'slot' | 'form';

// Core validates the form and names the first failing rule; the form only places it.
const fieldByKey: Readonly<Record<string, CallbackField>> = {
  'Chat.PhoneRequired': 'phone',
  'Chat.EnterValidPhoneNumber': 'phone',
  'Chat.PhoneCheckFailed': 'phone',
  'Chat.CallbackDateRequired': 'date',
  'Chat.CallbackDateInPast': 'date',
  'Chat.CallbackSlotRequired': 'slot',
  'Chat.CallbackSlotPassed': 'slot',
};

export function callbackFieldOf(errorKey: string): CallbackField {
  return fieldByKey[errorKey] ?? 'form';
}
