// The ordered migration list; names sort in execution order.
import type { Migration } from 'kysely';
import { chatMigration } from './0001_chat.js';
import { caseFileMigration } from './0002_case_file.js';
import { lawyerConsoleMigration } from './0003_lawyer_console.js';

export const migrations: Readonly<Record<string, Migration>> = {
  '0001_chat': chatMigration,
  '0002_case_file': caseFileMigration,
  '0003_lawyer_console': lawyerConsoleMigration,
};
