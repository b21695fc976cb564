// Deletes files whose name starts with the ISO time they were written at (outbox .eml, Sentry envelopes).
// The name, not the mtime, carries the date: it comes from the injected clock, so tests run on virtual time.
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** `2026-11-23T10-00-00-000Z-…` (the writers replace ':' and '.' by '-') → epoch ms, or null. */
export function writtenAt(fileName: string): number | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z/.exec(fileName);
  if (!match) return null;
  const ms = Date.parse(`${match[1]}T${match[2]}:${match[3]}:${match[4]}.${match[5]}Z`);
  return Number.isNaN(ms) ? null : ms;
}

/** Removes files in `dir` ending in `suffix` written before `cutoffMs`; unnamed dates fall back to the mtime. Returns the count. */
export async function deleteFilesWrittenBefore(dir: string, suffix: string, cutoffMs: number): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let deleted = 0;
  for (const name of names) {
    if (!name.endsWith(suffix)) continue;
    const file = path.join(dir, name);
    const at =
      writtenAt(name) ??
      (await stat(file).then(
        (s) => s.mtimeMs,
        () => null,
      ));
    if (at === null || at >= cutoffMs) continue;
    await rm(file, { force: true });
    deleted += 1;
  }
  return deleted;
}
