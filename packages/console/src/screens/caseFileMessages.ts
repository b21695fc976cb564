// The messages of one case file in one list, newest first: the client's (with the firm's answer) and those the firm
// started (FirmMessageSection). Of two at the same moment each side keeps its own order.
import type { FirmMessage, LawyerCaseFileContact, LawyerCaseFileDetail } from '@rechtschat/core';

export type CaseFileMessage = { readonly kind: 'client'; readonly contact: LawyerCaseFileContact } | { readonly kind: 'firm'; readonly message: FirmMessage };

const createdOf = (entry: CaseFileMessage) => (entry.kind === 'client' ? entry.contact.Created : entry.message.Created);

/** Pure. */
export function messagesNewestFirst(detail: Pick<LawyerCaseFileDetail, 'Contacts' | 'FirmMessages'>): CaseFileMessage[] {
  const entries: CaseFileMessage[] = [
    ...detail.Contacts.map((contact) => ({ kind: 'client' as const, contact })),
    ...detail.FirmMessages.map((message) => ({ kind: 'firm' as const, message })),
  ];
  return entries.sort((a, b) => createdOf(b).localeCompare(createdOf(a)));
}
