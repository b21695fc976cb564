// The mails a test app wrote into its outbox folder (DATA_DIR/outbox/*.eml, no SMTP_URL), as text.
import fs from 'node:fs';
import path from 'node:path';

/** Every .eml in `dataDir`'s outbox addressed to `address`, quoted-printable soft line breaks joined. */
export function outboxMailsTo(dataDir: string, address: string): string[] {
  const outbox = path.join(dataDir, 'outbox');
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => fs.readFileSync(path.join(outbox, name), 'utf8').replace(/=\r?\n/g, ''))
    .filter((eml) => eml.includes(`To: ${address}`));
}
