// The mails a journey's server wrote into DATA_DIR/outbox (no SMTP_URL in tests).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Finished mails to `address` (the mailer writes NAME.eml.partial first), quoted-printable soft breaks joined. */
export function mailsTo(dataDir: string, address: string): string[] {
  const dir = join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => readFileSync(join(dir, name), 'utf8'))
    .filter((eml) => eml.includes(`To: ${address}`))
    .map((eml) => eml.replace(/=\r?\n/g, ''));
}
