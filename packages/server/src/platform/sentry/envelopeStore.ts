// Local store for envelopes that cannot be forwarded: size-limited files in a capped folder.
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface EnvelopeStore {
  /** Writes the envelope; drops the oldest files beyond the cap. Returns the file name. */
  save(envelope: Buffer, now: Date): Promise<string>;
}

export function createEnvelopeStore(dir: string, maxFiles: number): EnvelopeStore {
  return {
    async save(envelope, now) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const name = `${now.toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.envelope`;
      await writeFile(path.join(dir, name), envelope, { mode: 0o600 });
      const files = (await readdir(dir)).filter((f) => f.endsWith('.envelope')).sort();
      for (const old of files.slice(0, Math.max(0, files.length - maxFiles))) await unlink(path.join(dir, old)).catch(() => undefined);
      return name;
    },
  };
}
