// ZIP archives for the upload tests, built with fflate (a dependency of the data-request archive): zip bombs,
// symlinks, names leaving the folder, lying headers – each small enough for the test apps' upload limit.
import { strToU8, zipSync, type Zippable } from 'fflate';

/** An archive of the given entries (texts or bytes), deflated. */
export function zipWith(entries: Zippable): Buffer {
  return Buffer.from(zipSync(entries, { level: 9 }));
}

/** 4 MiB of zeros in a few KiB: compressed about 1,000:1. */
export const zipBomb = () => zipWith({ 'nullen.bin': new Uint8Array(4 * 1024 * 1024) });

/** An entry that unpacks as a Unix symlink to /etc/passwd (mode S_IFLNK | 0777 in the external attributes). */
export const zipWithSymlink = () => zipWith({ 'Vertrag.txt': strToU8('Mietvertrag'), passwd: [strToU8('/etc/passwd'), { os: 3, attrs: 0o120777 * 0x10000 }] });

/** An entry whose name climbs out of the folder an unpacker writes into. */
export const zipWithName = (name: string) => zipWith({ 'Vertrag.txt': strToU8('Mietvertrag'), [name]: strToU8('#!/bin/sh\nrm -rf ~\n') });

/** Offset of the central directory entry of the first entry (fflate writes one directory after the data). */
function centralDirectoryStart(zip: Buffer): number {
  const eocd = zip.length - 22;
  return zip.readUInt32LE(eocd + 16);
}

/**
 * A bomb whose headers claim 1,000 unpacked bytes for its 2 MiB of zeros, so the ratio looks harmless: only
 * inflating with a cap finds it out.
 */
export function zipWithLyingSize(): Buffer {
  const zip = zipWith({ 'klein.txt': new Uint8Array(2 * 1024 * 1024) });
  zip.writeUInt32LE(1000, 22); // local header: uncompressed size
  zip.writeUInt32LE(1000, centralDirectoryStart(zip) + 24);
  return zip;
}

const DOCX_TYPES =
  '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/main.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';

/** A DOCX (as `file-type` recognises one) with further entries. */
export const docxWith = (extra: Zippable) => zipWith({ '[Content_Types].xml': strToU8(DOCX_TYPES), 'word/main.xml': strToU8('<x/>'), ...extra });
