// Ids come from the CSPRNG in blocks; each one must still be 128 random bits, never repeated.
import { describe, expect, it } from 'vitest';
import { newId } from '../src/platform/ids.js';

describe('newId', () => {
  it('should hand out distinct 128-bit base64url ids, also across refills of its random block', () => {
    const ids = Array.from({ length: 1000 }, () => newId());
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).not.toContain('A'.repeat(22));
    // Every bit position varies: no byte of the block is skipped or left at zero.
    const bytes = ids.map((id) => Buffer.from(id, 'base64url'));
    for (let i = 0; i < 16; i += 1) expect(new Set(bytes.map((b) => b[i])).size).toBeGreaterThan(100);
  });
});
