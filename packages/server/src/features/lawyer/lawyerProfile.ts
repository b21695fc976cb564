// The lawyer's own profile: name and gender (the client's wording), and an optional photo that
// clients see as the 35×35 picture next to the lawyer's messages. Without a photo the generated
// initials avatar is used.
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { oneLineName, type LawyerGender } from '@rechtschat/core';
import type { Db } from '../../platform/storage/database.js';
import type { LawyersTable } from './tables.js';
import { badRequest, DomainError, notFound } from '../../platform/errors.js';
import { checkUpload, type AllowedFileKinds } from '../../platform/files/fileType.js';
import { writeNewFile } from '../../platform/files/storeFile.js';
import type { MalwareScanner } from '../../platform/files/malwareScan.js';
import { newId } from '../../platform/ids.js';
import { displayPhoneNumber, normalizePhoneNumber } from '../../platform/phone.js';
import { findLawyerById, findLawyerPhoto, updateLawyerNameAndGender, updateLawyerPhoto } from './lawyerQueries.js';
import type { Clock } from '../../platform/clock.js';
import { recordAdminAction, type AuditActor } from '../admin/index.js';

/** A profile picture is small; larger files are refused rather than shrunk on the server. */
export const MAX_PHOTO_BYTES = 1024 * 1024;
const PHOTO_KINDS: AllowedFileKinds = ['png', 'jpeg', 'webp'];

/** `phone` (optional): the lawyer's own number, checked like every phone number of the server and stored written out (`+49 30 1234567`). */
export async function updateLawyerProfile(
  db: Db,
  clock: Clock,
  actor: AuditActor & { readonly id: string },
  input: { readonly name: string; readonly gender: LawyerGender; readonly phone?: string },
): Promise<void> {
  const name = oneLineName(input.name);
  if (name.length < 2 || name.length > 100) throw badRequest('Bitte geben Sie einen Namen mit 2 bis 100 Zeichen ein.');
  let phone: string | undefined;
  // Optional as at the set-up: an empty field removes the number (clients then see none in the Fallakte).
  if (input.phone !== undefined && input.phone.trim() === '') phone = '';
  else if (input.phone !== undefined) {
    const normalised = normalizePhoneNumber(input.phone);
    if (normalised === undefined) throw badRequest('Bitte geben Sie eine gültige Telefonnummer ein, z. B. +49 30 1234567.');
    phone = displayPhoneNumber(normalised);
  }
  const before = await findLawyerById(db, actor.id);
  if (!before) throw notFound('Das Konto');
  const changes = profileChanges(before, { name, gender: input.gender, phone });
  if (changes === null) return;
  // Clients read this name and number in the chat and in the Fallakte: who changed them, from what, is in the audit log.
  await updateLawyerNameAndGender(db, actor.id, { name, gender: input.gender, ...(phone !== undefined ? { phone } : {}) }, (trx) =>
    recordAdminAction(trx, clock, actor, { action: 'lawyer.profile.changed', target: { kind: 'lawyer', id: actor.id, label: name }, details: changes }),
  );
}

/**
 * What the audit entry says about a profile change: the names (not secret – clients see them), whether the wording or
 * the phone number changed (the number itself stays out of the log); null when nothing changed.
 */
function profileChanges(
  before: Pick<LawyersTable, 'name' | 'gender' | 'phone'>,
  after: { readonly name: string; readonly gender: LawyerGender; readonly phone: string | undefined },
): Record<string, string> | null {
  const changes: Record<string, string> = {};
  if (before.name !== after.name) {
    changes.from = before.name;
    changes.to = after.name;
  }
  if (before.gender !== after.gender) changes.gender = after.gender;
  const phoneBefore = before.phone;
  if (after.phone !== undefined && after.phone !== phoneBefore) changes.phone = after.phone === '' ? 'removed' : phoneBefore === '' ? 'added' : 'changed';
  return Object.keys(changes).length === 0 ? null : changes;
}

const photoDir = (dataDir: string) => path.join(dataDir, 'uploads', 'lawyer-photos');

/** Stores a new photo (scanned for malware, type by content) and removes the previous one. */
export async function setLawyerPhoto(db: Db, dataDir: string, scanner: MalwareScanner, lawyer: LawyersTable, bytes: Buffer): Promise<void> {
  if (bytes.length === 0) throw badRequest('Die Datei ist leer.');
  if (bytes.length > MAX_PHOTO_BYTES) throw new DomainError('PayloadTooLarge', 'Das Foto darf höchstens 1 MB groß sein.');
  const checked = await checkUpload(bytes, PHOTO_KINDS, { scanner, origin: { feature: 'lawyer-photo', uploaderKind: 'lawyer', uploaderId: lawyer.id } });
  if (!checked.ok && checked.reason === 'type') throw new DomainError('UnsupportedMediaType', 'Bitte laden Sie ein Foto als PNG, JPEG oder WebP hoch.');
  if (!checked.ok) throw badRequest('Das Foto ist beschädigt. Bitte laden Sie es erneut hoch.');
  const key = newId();
  // Clients see this photo: it is stored without the camera's metadata. A failed write (a full disk) leaves no
  // partial file and answers 507 StorageFull / 503 StorageUnavailable; the old photo stays.
  await writeNewFile(path.join(photoDir(dataDir), key), checked.bytes);
  await updateLawyerPhoto(db, lawyer.id, key, checked.kind.mime);
  if (lawyer.photo_storage_name) await rm(path.join(photoDir(dataDir), lawyer.photo_storage_name), { force: true });
}

export async function removeLawyerPhoto(db: Db, dataDir: string, lawyer: LawyersTable): Promise<void> {
  await updateLawyerPhoto(db, lawyer.id, null, null);
  if (lawyer.photo_storage_name) await rm(path.join(photoDir(dataDir), lawyer.photo_storage_name), { force: true });
}

/** The current photo of a lawyer under exactly this key; an old or guessed key is "not found". */
export async function readLawyerPhoto(
  db: Db,
  dataDir: string,
  lawyerId: string,
  key: string,
): Promise<{ readonly bytes: Buffer; readonly contentType: string }> {
  const row = await findLawyerPhoto(db, lawyerId);
  if (!row?.photo_storage_name || row.photo_storage_name !== key || !row.photo_content_type) throw notFound('Das Bild');
  return { bytes: await readFile(path.join(photoDir(dataDir), key)), contentType: row.photo_content_type };
}
