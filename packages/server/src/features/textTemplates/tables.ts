// The text-templates feature's Kysely table interface (migration 0028_text_templates). The migration stays in
// platform/storage/migrations (one ordered list for both engines).

/** A Textbaustein: a lawyer's own (`owner_lawyer_id`) or the firm's (null). */
export interface TextTemplatesTable {
  id: string;
  owner_lawyer_id: string | null;
  /** Trimmed, 1–80 characters, one line. */
  title: string;
  /** As saved, 1–750 characters (the chat message maximum), not only whitespace. */
  text: string;
  created_at: string;
  updated_at: string;
  /** Who created or changed it last (a lawyer's id). */
  updated_by: string | null;
}

declare module '../../platform/storage/database.js' {
  /** The text-templates feature's table in the one Database type (composed by augmentation: platform imports no feature). */
  interface Database {
    text_templates: TextTemplatesTable;
  }
}
