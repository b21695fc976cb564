// Ids come from the CSPRNG in blocks; each one must still be 128 random bits, never repeated.
import { describe, expect, it } from 'vitest';
import { caseReferenceOf, CASE_REFERENCE_PATTERN, normalizeCaseReference } from '@rechtschat/core';
import { newCaseId, newId, newSortableId } from '../src/platform/ids.js';

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

describe('newCaseId', () => {
  it('should start every new case id with a reference code without hyphen, underscore or look-alikes, readable over the phone', () => {
    const ids = Array.from({ length: 2000 }, () => newCaseId());
    for (const id of ids) {
      expect(id).toMatch(/^[2-9A-HJKMNP-Z]{8}[A-Za-z0-9_-]{22}$/);
      const reference = caseReferenceOf(id);
      expect(reference).toMatch(/^RC-[2-9A-HJKMNP-Z]{8}$/);
      expect(reference).toMatch(CASE_REFERENCE_PATTERN);
      // As typed from the PDF on a phone: lower case, with a space in the middle.
      expect(normalizeCaseReference(`rc ${reference.slice(3, 7).toLowerCase()} ${reference.slice(7)}`)).toBe(reference);
    }
    expect(new Set(ids).size).toBe(ids.length);
    // Every character of the alphabet turns up at every position: the code is drawn uniformly, not cut from base64.
    for (let i = 0; i < 8; i += 1) expect(new Set(ids.map((id) => id[i])).size).toBe(31);
  });
});

describe('newSortableId', () => {
  it('should sort ids of one millisecond by creation, keep 64 random bits each and never repeat, across mixed draws from the pool', () => {
    const now = new Date('2026-11-29T12:00:00.000Z');
    // Mixed with 16-byte ids, so the 8-byte draws straddle refills of the shared block.
    const ids = Array.from({ length: 1500 }, (_, i) => {
      if (i % 3 === 0) newId();
      return newSortableId(now);
    });
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    const randomParts = ids.map((id) => Buffer.from(id.slice(18), 'base64url'));
    for (const part of randomParts) expect(part).toHaveLength(8);
    for (let i = 0; i < 8; i += 1) expect(new Set(randomParts.map((b) => b[i])).size).toBeGreaterThan(100);
    expect(ids[0]?.slice(0, 12)).toBe(now.getTime().toString(16).padStart(12, '0'));
  });
});
