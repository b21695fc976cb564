// The ordered migration list; names sort in execution order.
import type { Migration } from 'kysely';
import { chatMigration } from './0001_chat.js';
import { caseFileMigration } from './0002_case_file.js';
import { caseFileAccessLogMigration } from './0003_case_file_access_log.js';
import { chatTranscriptMigration } from './0003_chat_transcript.js';
import { lawyerConsoleMigration } from './0003_lawyer_console.js';
import { lawyerLoginSecurityMigration } from './0007_lawyer_login_security.js';
import { caseFilePlatformMigration } from './0008_case_file_platform.js';
import { sqliteSeqFromIndexMigration } from './0009_sqlite_seq_from_index.js';
import { caseFileChatCaseMigration } from './0010_case_file_chat_case.js';
import { caseFileMandateEndMigration } from './0011_case_file_mandate_end.js';
import { lawyerRecoveryCodesMigration } from './0012_lawyer_recovery_codes.js';
import { lawyerWebAuthnMigration } from './0013_lawyer_webauthn.js';
import { firmAdministrationMigration } from './0014_firm_administration.js';
import { participantPresenceMigration } from './0015_participant_presence.js';
import { customersPerInsurerMigration } from './0019_customers_per_insurer.js';
import { reportIndexesMigration } from './0016_report_indexes.js';
import { callbackAssigneeMigration } from './0018_callback_assignee.js';
import { caseFileDocumentSeenMigration } from './0020_case_file_document_seen.js';
import { pgAppendMessagesMigration } from './0021_pg_append_messages.js';
import { chatsAcceptedIndexMigration } from './0022_chats_accepted_index.js';
import { chatsAcceptedLawyerMigration } from './0023_chats_accepted_lawyer.js';
import { callbackDoneByMigration } from './0024_callback_done_by.js';
import { insurerKeyLastUsedMigration } from './0025_insurer_key_last_used.js';
import { serviceHoursMigration } from './0026_service_hours.js';
import { sessionDeviceMigration } from './0027_session_device.js';
import { textTemplatesMigration } from './0028_text_templates.js';
import { lawyerPresenceMigration } from './0029_lawyer_presence.js';
import { auditLogFiltersMigration } from './0030_audit_log_filters.js';
import { caseErasureRequestedMigration } from './0031_case_erasure_requested.js';
import { chatsClosedIndexMigration } from './0032_chats_closed_index.js';
import { sessionEntryKeyMigration } from './0034_session_entry_key.js';
import { chatsWaitingSinceMigration } from './0035_chats_waiting_since.js';
import { sessionBrowserMigration } from './0036_session_browser.js';
import { chatsFieldOfLawAtForwardMigration } from './0037_chats_field_of_law_at_forward.js';
import { firmDetailsMigration } from './0033_firm_details.js';
import { caseFileWithdrawnMigration } from './0038_case_file_withdrawn.js';
import { caseFileSharedDocumentsMigration } from './0039_case_file_shared_documents.js';
import { caseFileContactRepliesMigration } from './0040_case_file_contact_replies.js';
import { protocolMailConfirmationsMigration } from './0041_protocol_mail_confirmations.js';
import { caseFileHandoverMigration } from './0042_case_file_handover.js';
import { caseFileFirmMessagesMigration } from './0043_case_file_firm_messages.js';
import { protocolConfirmationRenewalsMigration } from './0044_protocol_confirmation_renewals.js';
import { caseFileContactInReplyToMigration } from './0045_case_file_contact_in_reply_to.js';
import { secondLevelPhonesUniqueMigration } from './0046_second_level_phones_unique.js';
import { insurerEndedMigration } from './0047_insurer_ended.js';
import { chatHeldSinceMigration } from './0048_chat_held_since.js';
import { chatReleasedFromMigration } from './0049_chat_released_from.js';
import { caseFileClientSeenMigration } from './0050_case_file_client_seen.js';
import { lawyerMfaVersionMigration } from './0051_lawyer_mfa_version.js';

export const migrations: Readonly<Record<string, Migration>> = {
  '0001_chat': chatMigration,
  '0002_case_file': caseFileMigration,
  '0003_case_file_access_log': caseFileAccessLogMigration,
  '0003_chat_transcript': chatTranscriptMigration,
  '0003_lawyer_console': lawyerConsoleMigration,
  '0007_lawyer_login_security': lawyerLoginSecurityMigration,
  '0008_case_file_platform': caseFilePlatformMigration,
  '0009_sqlite_seq_from_index': sqliteSeqFromIndexMigration,
  '0010_case_file_chat_case': caseFileChatCaseMigration,
  '0011_case_file_mandate_end': caseFileMandateEndMigration,
  '0012_lawyer_recovery_codes': lawyerRecoveryCodesMigration,
  '0013_lawyer_webauthn': lawyerWebAuthnMigration,
  '0014_firm_administration': firmAdministrationMigration,
  '0015_participant_presence': participantPresenceMigration,
  '0016_report_indexes': reportIndexesMigration,
  '0018_callback_assignee': callbackAssigneeMigration,
  '0019_customers_per_insurer': customersPerInsurerMigration,
  '0020_case_file_document_seen': caseFileDocumentSeenMigration,
  '0021_pg_append_messages': pgAppendMessagesMigration,
  '0022_chats_accepted_index': chatsAcceptedIndexMigration,
  '0023_chats_accepted_lawyer': chatsAcceptedLawyerMigration,
  '0024_callback_done_by': callbackDoneByMigration,
  '0025_insurer_key_last_used': insurerKeyLastUsedMigration,
  '0026_service_hours': serviceHoursMigration,
  '0027_session_device': sessionDeviceMigration,
  '0028_text_templates': textTemplatesMigration,
  '0029_lawyer_presence': lawyerPresenceMigration,
  '0030_audit_log_filters': auditLogFiltersMigration,
  '0031_case_erasure_requested': caseErasureRequestedMigration,
  '0032_chats_closed_index': chatsClosedIndexMigration,
  '0033_firm_details': firmDetailsMigration,
  '0034_session_entry_key': sessionEntryKeyMigration,
  '0035_chats_waiting_since': chatsWaitingSinceMigration,
  '0036_session_browser': sessionBrowserMigration,
  '0037_chats_field_of_law_at_forward': chatsFieldOfLawAtForwardMigration,
  '0038_case_file_withdrawn': caseFileWithdrawnMigration,
  '0039_case_file_shared_documents': caseFileSharedDocumentsMigration,
  '0040_case_file_contact_replies': caseFileContactRepliesMigration,
  '0041_protocol_mail_confirmations': protocolMailConfirmationsMigration,
  '0042_case_file_handover': caseFileHandoverMigration,
  '0043_case_file_firm_messages': caseFileFirmMessagesMigration,
  '0044_protocol_confirmation_renewals': protocolConfirmationRenewalsMigration,
  '0045_case_file_contact_in_reply_to': caseFileContactInReplyToMigration,
  '0046_second_level_phones_unique': secondLevelPhonesUniqueMigration,
  '0047_insurer_ended': insurerEndedMigration,
  '0048_chat_held_since': chatHeldSinceMigration,
  '0049_chat_released_from': chatReleasedFromMigration,
  '0050_case_file_client_seen': caseFileClientSeenMigration,
  '0051_lawyer_mfa_version': lawyerMfaVersionMigration,
};
