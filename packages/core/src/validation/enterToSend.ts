// Enter (without Shift) sends once a lawyer is connected, unless the participant
// ticked "Enter nicht zum Senden verwenden". Before that, Enter inserts a line break.

export interface EnterKeyContext {
  readonly key: string;
  readonly shiftKey: boolean;
  /** True while an IME composition is active; Enter then confirms the composition. */
  readonly isComposing?: boolean;
  readonly lawyerConnected: boolean;
  readonly enterToSendDisabled: boolean;
}

/** Whether this key press should send the message instead of inserting a line break. Pure. */
export function sendsOnEnter(context: EnterKeyContext): boolean {
  return context.key === 'Enter' && !context.shiftKey && context.isComposing !== true && context.lawyerConnected && !context.enterToSendDisabled;
}
