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

const bytesOf = (encoded: string) =>
  Buffer.from(
    encoded.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  );

/**
 * The mails to `address` as a person reads them: folded headers joined and their RFC 2047 words (`=?UTF-8?Q?…?=`)
 * decoded, the quoted-printable text decoded – so a test looks for „Bestätigung“ as written. Attachments stay base64.
 * The address is matched in any case of letters, as mail servers do with the domain.
 */
export function readableMailsTo(dataDir: string, address: string): string[] {
  const outbox = path.join(dataDir, 'outbox');
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => readable(fs.readFileSync(path.join(outbox, name), 'latin1')))
    .filter((mail) => mail.toLowerCase().includes(`to: ${address.toLowerCase()}`));
}

function readable(eml: string): string {
  const split = eml.search(/\r?\n\r?\n/);
  const head = eml
    .slice(0, split)
    .replace(/\r?\n[ \t]+/g, ' ')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_, text: string) => bytesOf(text.replace(/_/g, ' ')).toString('latin1'));
  const body = bytesOf(eml.slice(split).replace(/=\r?\n/g, '')).toString('latin1');
  return Buffer.from(head + body, 'latin1').toString('utf8');
}
