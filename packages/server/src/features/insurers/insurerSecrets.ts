// The insurers' HS256 entry-token secrets at rest: AES-256-GCM under a key derived from SESSION_SECRET (like the TOTP
// secrets, with its own derivation label), so a database dump alone does not let anyone mint entry tokens.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const keyOf = (sessionSecret: string) => createHash('sha256').update('rechtschat-insurer-entry-key\0').update(sessionSecret).digest();

/** `iv.tag.ciphertext`, base64url. */
export function sealInsurerSecret(sessionSecret: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(sessionSecret), iv);
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
}

/** The secret, or null when it was sealed under another SESSION_SECRET or altered. */
export function openInsurerSecret(sessionSecret: string, sealed: string): string | null {
  const [iv = '', tag = '', data = ''] = sealed.split('.');
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(sessionSecret), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** A new key: a `kid` (public, in every token header) and a 256-bit secret. */
export function newInsurerKey(): { kid: string; secret: string } {
  return { kid: `k-${randomBytes(9).toString('base64url')}`, secret: randomBytes(32).toString('base64url') };
}
