// The outbox folder (DATA_DIR/outbox, mail without SMTP_URL) holds whole mails – addresses, texts, attachments – until
// the retention job removes them after 30 days. An erasure must not leave a person's mails there that long.
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * Removes the outbox mails that mention any of `needles` (e.g. a chat reference in the subject and the attachment's
 * name); quoted-printable soft line breaks are joined first, so a wrapped line still matches. Returns the count.
 */
export async function deleteOutboxMailsMentioning(outboxDir: string, needles: readonly string[]): Promise<number> {
  if (needles.length === 0) return 0;
  let names: string[];
  try {
    names = await readdir(outboxDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let deleted = 0;
  for (const name of names) {
    if (!name.endsWith('.eml')) continue;
    const file = path.join(outboxDir, name);
    const text = await readFile(file, 'utf8').then(
      (content) => content.replace(/=\r?\n/g, ''),
      () => '',
    );
    if (!needles.some((needle) => text.includes(needle))) continue;
    await rm(file, { force: true });
    deleted += 1;
  }
  return deleted;
}
