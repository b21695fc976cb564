// ZIP containers – a plain ZIP and the Office formats built on it (DOCX, XLSX, PPTX) – are unpacked by whoever opens
// them: the lawyer's unpacker, Word. Before one is stored, its central directory is walked (no dependency: the End of
// Central Directory record, then every entry) and every entry is inflated with a cap, so neither a zip bomb, a
// symlink, a path leaving the target folder nor a header that lies about sizes gets through (docs/security.md,
// "Uploads", H2). Nested archives (a ZIP in a ZIP, a worksheet embedded in a DOCX) are inspected the same way.
import { promisify } from 'node:util';
import { inflateRaw } from 'node:zlib';
import { errorCodes } from '../errors.js';

const inflateRawAsync = promisify(inflateRaw);

/** The limits an archive must keep; the defaults are documented in docs/security.md. */
export interface ZipLimits {
  /** Entries, nested archives' entries included. */
  readonly maxEntries: number;
  /** Bytes all entries unpack to, nested archives' entries included. */
  readonly maxTotalUncompressed: number;
  /** An entry above this many unpacked bytes must not compress better than `maxRatio`. */
  readonly ratioFloorBytes: number;
  readonly maxRatio: number;
  /** Archives inside archives (a worksheet embedded in a DOCX is one level). */
  readonly maxNesting: number;
}

const MiB = 1024 * 1024;

/**
 * 2,000 entries, 100 MiB unpacked (ten times the default MAX_UPLOAD_BYTES), no entry above 1 MiB packed better than
 * 100:1 (text and Office XML stay far below; runs of zeros reach 1,000:1), three levels of nesting.
 */
export const defaultZipLimits: ZipLimits = { maxEntries: 2000, maxTotalUncompressed: 100 * MiB, ratioFloorBytes: MiB, maxRatio: 100, maxNesting: 3 };

/**
 * Why an archive is refused. `malformed`: no readable ZIP (truncated, bad offsets, overlapping entries, data that
 * does not inflate to the size its header states); every other reason is a readable archive the server will not take.
 */
export type ZipProblem =
  'malformed' | 'zip64' | 'tooManyEntries' | 'tooLarge' | 'ratio' | 'symlink' | 'unsafePath' | 'encrypted' | 'unsupportedMethod' | 'nestedTooDeep';

export type ZipInspection = { ok: true } | { ok: false; problem: ZipProblem };

/** 422 ArchiveRefused: a readable archive the server does not take (chat and case file alike). */
export const archiveError = errorCodes({ ArchiveRefused: 422 });

export const archiveRefused = () =>
  archiveError(
    'ArchiveRefused',
    'Das Archiv kann nicht angenommen werden: Es enthält zu viele oder zu große Dateien oder unzulässige Einträge. Bitte senden Sie die Dateien einzeln.',
  );

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_LENGTH = 22;
const CENTRAL_LENGTH = 46;
const LOCAL_LENGTH = 30;
const MAX_COMMENT = 0xffff;
const STORED = 0;
const DEFLATED = 8;
const FLAG_ENCRYPTED = 0x0001;
const HOST_UNIX = 3;
const HOST_MACOS = 19;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/** A refusal on the way through the walk. */
class Refusal extends Error {
  constructor(readonly problem: ZipProblem) {
    super(problem);
  }
}

const refuse = (problem: ZipProblem): never => {
  throw new Refusal(problem);
};

interface Entry {
  readonly name: Buffer;
  readonly flags: number;
  readonly method: number;
  readonly compressedSize: number;
  readonly size: number;
  readonly localOffset: number;
  readonly host: number;
  readonly externalAttributes: number;
}

/** What the whole inspection has counted so far, across nested archives. */
interface Budget {
  entries: number;
  uncompressed: number;
}

/** The End of Central Directory record: searched from the end, its comment must reach exactly to the end of the file. */
function findEndOfCentralDirectory(bytes: Buffer): number {
  const lowest = Math.max(0, bytes.length - EOCD_LENGTH - MAX_COMMENT);
  for (let at = bytes.length - EOCD_LENGTH; at >= lowest; at--) {
    if (bytes.readUInt32LE(at) === EOCD_SIGNATURE && at + EOCD_LENGTH + bytes.readUInt16LE(at + 20) === bytes.length) return at;
  }
  return refuse('malformed');
}

/** The central directory's entries, checked against the record that announces them. */
function readCentralDirectory(bytes: Buffer, limits: ZipLimits, budget: Budget): { entries: Entry[]; cdOffset: number } {
  if (bytes.length < EOCD_LENGTH) refuse('malformed');
  const eocd = findEndOfCentralDirectory(bytes);
  const disk = bytes.readUInt16LE(eocd + 4);
  const cdDisk = bytes.readUInt16LE(eocd + 6);
  const onDisk = bytes.readUInt16LE(eocd + 8);
  const count = bytes.readUInt16LE(eocd + 10);
  const cdSize = bytes.readUInt32LE(eocd + 12);
  const cdOffset = bytes.readUInt32LE(eocd + 16);
  // ZIP64 only matters above 65,535 entries or 4 GiB – far beyond any upload – so it is refused, not parsed.
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) refuse('zip64');
  if (eocd >= 20 && bytes.readUInt32LE(eocd - 20) === ZIP64_LOCATOR_SIGNATURE) refuse('zip64');
  if (disk !== 0 || cdDisk !== 0 || onDisk !== count) refuse('malformed');
  if (cdOffset + cdSize > eocd) refuse('malformed');
  budget.entries += count;
  if (budget.entries > limits.maxEntries) refuse('tooManyEntries');
  const entries: Entry[] = [];
  let at = cdOffset;
  for (let n = 0; n < count; n++) {
    if (at + CENTRAL_LENGTH > cdOffset + cdSize || bytes.readUInt32LE(at) !== CENTRAL_SIGNATURE) refuse('malformed');
    const nameLength = bytes.readUInt16LE(at + 28);
    const next = at + CENTRAL_LENGTH + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
    if (next > cdOffset + cdSize) refuse('malformed');
    const entry: Entry = {
      host: bytes.readUInt8(at + 5),
      flags: bytes.readUInt16LE(at + 8),
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      size: bytes.readUInt32LE(at + 24),
      externalAttributes: bytes.readUInt32LE(at + 38),
      localOffset: bytes.readUInt32LE(at + 42),
      name: bytes.subarray(at + CENTRAL_LENGTH, at + CENTRAL_LENGTH + nameLength),
    };
    if (entry.compressedSize === 0xffffffff || entry.size === 0xffffffff || entry.localOffset === 0xffffffff) refuse('zip64');
    entries.push(entry);
    at = next;
  }
  if (at !== cdOffset + cdSize) refuse('malformed');
  return { entries, cdOffset };
}

/** A name an unpacker would write outside its target folder: absolute, a drive, `..` (with `/` or `\`), a NUL. */
function isUnsafePath(name: Buffer): boolean {
  // Names are UTF-8 or CP437; the characters that matter here are ASCII in both.
  const text = name.toString('latin1');
  if (text === '' || text.includes('\0')) return true;
  if (/^[/\\]/.test(text) || /^[A-Za-z]:/.test(text)) return true;
  return text.split(/[/\\]/).some((segment) => segment === '..');
}

const isSymlink = (entry: Entry) => (entry.host === HOST_UNIX || entry.host === HOST_MACOS) && ((entry.externalAttributes >>> 16) & S_IFMT) === S_IFLNK;

/** What the declared sizes and flags alone already refuse, before anything is inflated. */
function checkDeclared(entries: readonly Entry[], limits: ZipLimits, budget: Budget): void {
  for (const entry of entries) {
    if (isUnsafePath(entry.name)) refuse('unsafePath');
    if (isSymlink(entry)) refuse('symlink');
    // Neither this check nor the malware scan can see inside an encrypted entry.
    if ((entry.flags & FLAG_ENCRYPTED) !== 0) refuse('encrypted');
    if (entry.method !== STORED && entry.method !== DEFLATED) refuse('unsupportedMethod');
    if (entry.size > limits.ratioFloorBytes && entry.size > limits.maxRatio * Math.max(1, entry.compressedSize)) refuse('ratio');
    budget.uncompressed += entry.size;
    if (budget.uncompressed > limits.maxTotalUncompressed) refuse('tooLarge');
  }
}

/** Each entry's data as stored: behind its local header, before the central directory, overlapping no other entry. */
function entryData(bytes: Buffer, entries: readonly Entry[], cdStart: number): Buffer[] {
  const spans = entries.map((entry) => {
    const at = entry.localOffset;
    if (at + LOCAL_LENGTH > cdStart || bytes.readUInt32LE(at) !== LOCAL_SIGNATURE) refuse('malformed');
    const start = at + LOCAL_LENGTH + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
    const end = start + entry.compressedSize;
    if (end > cdStart) refuse('malformed');
    return { at, start, end };
  });
  const sorted = [...spans].sort((a, b) => a.at - b.at);
  for (let i = 1; i < sorted.length; i++) {
    // Entries sharing their data are the overlapping kind of zip bomb.
    if ((sorted[i]?.at ?? 0) < (sorted[i - 1]?.end ?? 0)) refuse('malformed');
  }
  return spans.map(({ start, end }) => bytes.subarray(start, end));
}

/** The entry's unpacked bytes, never more than its header declares: a lying header stops at that cap. */
async function unpack(entry: Entry, data: Buffer): Promise<Buffer> {
  if (entry.method === STORED) {
    if (entry.size !== data.length) refuse('malformed');
    return data;
  }
  let unpacked: Buffer;
  try {
    unpacked = await inflateRawAsync(data, { maxOutputLength: Math.max(1, entry.size) });
  } catch {
    return refuse('malformed');
  }
  if (unpacked.length !== entry.size) refuse('malformed');
  return unpacked;
}

const isZip = (bytes: Buffer) => bytes.length >= 4 && bytes.readUInt32LE(0) === LOCAL_SIGNATURE;

async function inspect(bytes: Buffer, limits: ZipLimits, budget: Budget, depth: number): Promise<void> {
  const { entries, cdOffset } = readCentralDirectory(bytes, limits, budget);
  checkDeclared(entries, limits, budget);
  const data = entryData(bytes, entries, cdOffset);
  for (const [index, entry] of entries.entries()) {
    const unpacked = await unpack(entry, data[index] as Buffer);
    if (!isZip(unpacked)) continue;
    if (depth >= limits.maxNesting) refuse('nestedTooDeep');
    await inspect(unpacked, limits, budget, depth + 1);
  }
}

/**
 * Whether a ZIP (or an Office file built on one) may be stored: its central directory and every entry are read and
 * inflated on zlib's thread pool, never more bytes than `limits` allow. Pure apart from that work; never throws.
 */
export async function inspectZip(bytes: Buffer, limits: ZipLimits = defaultZipLimits): Promise<ZipInspection> {
  try {
    await inspect(bytes, limits, { entries: 0, uncompressed: 0 }, 0);
    return { ok: true };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, problem: error.problem };
    // A read past the end of a cut-off file.
    if (error instanceof RangeError) return { ok: false, problem: 'malformed' };
    throw error;
  }
}
