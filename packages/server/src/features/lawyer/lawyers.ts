// Lawyer accounts: argon2id password hashes (@node-rs/argon2), uniform login failure.
import { hash, verify } from '@node-rs/argon2';
import type { Colleague, LawyerProfile } from '@rechtschat/core';
import type { SessionStore } from '../../platform/sessions.js';
import type { Db } from '../../platform/storage/database.js';
import type { LawyersTable } from './tables.js';
import type { Clock } from '../../platform/clock.js';
import { newId } from '../../platform/ids.js';
import {
  findLawyerByEmail,
  findLawyerById,
  insertLawyer,
  lawyersSeenSince,
  listLawyersExcept,
  updateLastLoginOfActive,
  updateLawyerPasswordHash,
} from './lawyerQueries.js';
import { PRESENCE_STALE_MS } from '../chat/index.js';

// Verifying against this keeps the answer time equal for unknown e-mail addresses.
let dummyHash: Promise<string> | null = null;

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyLawyerLogin(db: Db, email: string, password: string): Promise<LawyersTable | null> {
  const row = await findLawyerByEmail(db, email.trim().toLowerCase());
  dummyHash ??= hash('kein-gueltiges-passwort');
  const candidate = row?.password_hash ?? (await dummyHash);
  const valid = password.length <= 1024 && (await verify(candidate, password).catch(() => false));
  // A deactivated account is refused with the same answer as a wrong password (after the same work).
  return row && valid && row.active === 1 ? row : null;
}

export interface NewLawyer {
  readonly email: string;
  readonly name: string;
  readonly gender: LawyersTable['gender'];
  readonly password: string;
  readonly phone: string;
  /** Default `lawyer`; the first administrator and invitations with the admin role pass `admin`. */
  readonly role?: LawyersTable['role'];
}

export async function createLawyer(db: Db, clock: Clock, input: NewLawyer): Promise<LawyersTable> {
  const row: LawyersTable = {
    id: newId(),
    email: input.email.trim().toLowerCase(),
    name: input.name,
    gender: input.gender,
    password_hash: await hashPassword(input.password),
    phone: input.phone,
    created_at: clock.now().toISOString(),
    role: input.role ?? 'lawyer',
    active: 1,
    last_login_at: null,
    deactivated_at: null,
  };
  await insertLawyer(db, row);
  return row;
}

/** Stores the argon2id hash of a new password (the caller checked the policy and the current password). */
export async function setLawyerPassword(db: Db, lawyerId: string, password: string): Promise<void> {
  await updateLawyerPasswordHash(db, lawyerId, await hashPassword(password));
}

/**
 * Records a successful login (`last_login_at`); false when the account is (no longer) active, its password is no
 * longer the one the login checked, or its second factors changed since the login read the account (`checked`: the
 * row as read for the check – its `password_hash` and `mfa_version`) – reset or changed meanwhile.
 */
export async function markLawyerLogin(db: Db, checked: Pick<LawyersTable, 'id' | 'password_hash' | 'mfa_version'>, now: Date): Promise<boolean> {
  return (await updateLastLoginOfActive(db, checked.id, checked.password_hash, checked.mfa_version ?? 0, now.toISOString())) > 0;
}

export async function lawyerById(db: Db, id: string): Promise<LawyersTable | undefined> {
  return findLawyerById(db, id);
}

/**
 * The colleagues a chat can be forwarded to: every other active lawyer, by name, each with the latest activity of their
 * signed-in console (null: not signed in) and whether that console is open now (connected to the hub on some process:
 * a signed-in colleague who closed the browser cannot take the chat – outside tester), so the forwarding lawyer sees
 * who can take the chat now.
 */
export async function colleaguesOf(db: Db, sessions: SessionStore, lawyerId: string, chatHostUrl: string, now: Date): Promise<Colleague[]> {
  const rows = await listLawyersExcept(db, lawyerId);
  const ids = rows.map((row) => row.id);
  const active = await sessions.lastActivity('lawyer', ids);
  const open = await lawyersSeenSince(db, ids, new Date(now.getTime() - PRESENCE_STALE_MS).toISOString());
  return rows.map((row) => ({ ...lawyerProfile(row, chatHostUrl), LastActive: active.get(row.id) ?? null, ConsoleOpen: open.has(row.id) }));
}

export function avatarUrl(chatHostUrl: string, lawyerId: string): string {
  return `${chatHostUrl}api/chat/agent/avatar/${encodeURIComponent(lawyerId)}.svg`;
}

/** The picture clients see: the uploaded photo when there is one (its key changes with every upload, so no cache shows an old one), else the initials. */
export function lawyerImageUrl(chatHostUrl: string, row: Pick<LawyersTable, 'id' | 'photo_storage_name'>): string {
  return row.photo_storage_name
    ? `${chatHostUrl}api/chat/agent/photo/${encodeURIComponent(row.id)}/${encodeURIComponent(row.photo_storage_name)}`
    : avatarUrl(chatHostUrl, row.id);
}

export function lawyerProfile(row: LawyersTable, chatHostUrl: string): LawyerProfile {
  return { Id: row.id, Name: row.name, Email: row.email, Gender: row.gender, ImageUrl: lawyerImageUrl(chatHostUrl, row), Role: row.role, Phone: row.phone };
}
