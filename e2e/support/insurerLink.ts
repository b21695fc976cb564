// A chat link as an insurer mints it (docs/api.md "Entry token"): a JWT, HS256 with the key's kid, base64 in InsuranceNumber.
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';

export async function insurerLink(kid: string, secret: string, insuranceNumber: string): Promise<string> {
  const jwt = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid })
    .setSubject(insuranceNumber)
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(new TextEncoder().encode(secret));
  return `/chat/new?InsuranceNumber=${encodeURIComponent(Buffer.from(jwt).toString('base64'))}`;
}
