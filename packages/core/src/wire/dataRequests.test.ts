// Data-subject request codecs: valid values survive encode → JSON → decode, junk becomes a DecodeError value.
import * as E from 'fp-ts/lib/Either.js';
import fc from 'fast-check';
import type * as t from 'io-ts';
import { describe, expect, it } from 'vitest';
import { decodeJson } from './decode.js';
import { DataErasureRequest, DataErasureResult, DataRequestQuery, DataSubjectSummary } from './dataRequests.js';

const id = fc.string({ maxLength: 12 });
const text = fc.string({ maxLength: 40 });
const count = fc.nat({ max: 10_000 });
const isoDate = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true }).map((d) => d.toISOString());
const nullable = <A>(arb: fc.Arbitrary<A>) => fc.option(arb, { nil: null });

const chatCase = fc.record({
  Id: id,
  Reference: text,
  Insurer: nullable(text),
  FieldOfLaw: text,
  CreatedAt: isoDate,
  ClosedAt: nullable(isoDate),
  Running: fc.boolean(),
  Messages: count,
  Files: count,
  Callbacks: count,
  Ratings: count,
  KeptFor: nullable(text),
  KeptUntil: nullable(isoDate),
});
const caseFile = fc.record({
  Id: id,
  CaseNumber: text,
  Title: text,
  CreatedAt: isoDate,
  MandateOpen: fc.boolean(),
  MandateEndedAt: nullable(isoDate),
  RetentionUntil: nullable(isoDate),
  Documents: count,
  History: count,
  Contacts: count,
  ChatCaseReference: nullable(text),
});
const summary = fc.record({
  Found: fc.boolean(),
  SearchedBy: fc.constantFrom('insuranceNumber' as const, 'chatReference' as const, 'caseFileNumber' as const),
  CustomerSince: nullable(isoDate),
  ChatCases: fc.array(chatCase, { maxLength: 3 }),
  CaseFiles: fc.array(caseFile, { maxLength: 3 }),
});
const query = fc.record({ InsuranceNumber: text, Reference: text }, { requiredKeys: [] });
const result = fc.record({
  ErasedChatCases: fc.array(text, { maxLength: 3 }),
  ErasedFiles: count,
  Kept: fc.array(fc.record({ Kind: fc.constantFrom('chatCase' as const, 'caseFile' as const), Reference: text, Until: nullable(isoDate), Message: text }), {
    maxLength: 3,
  }),
});

function roundTrips<A, O>(codec: t.Type<A, O, unknown>, value: A): void {
  expect(decodeJson(codec, JSON.stringify(codec.encode(value)))).toEqual(E.right(value));
}

describe('data-subject request codecs', () => {
  it('should round-trip every summary, query, erasure request and result through JSON', () => {
    fc.assert(fc.property(summary, (value) => roundTrips(DataSubjectSummary, value)));
    fc.assert(fc.property(query, (value) => roundTrips(DataRequestQuery, value)));
    fc.assert(fc.property(query, fc.array(id, { maxLength: 3 }), (q, ids) => roundTrips(DataErasureRequest, { ...q, ChatCaseIds: ids })));
    fc.assert(fc.property(result, (value) => roundTrips(DataErasureResult, value)));
  });

  it('should refuse a summary whose dates are not ISO timestamps or whose key kind is unknown', () => {
    const valid = { Found: true, SearchedBy: 'insuranceNumber', CustomerSince: null, ChatCases: [], CaseFiles: [] };
    expect(E.isRight(decodeJson(DataSubjectSummary, JSON.stringify(valid)))).toBe(true);
    expect(E.isLeft(decodeJson(DataSubjectSummary, JSON.stringify({ ...valid, CustomerSince: '10.03.2026' })))).toBe(true);
    expect(E.isLeft(decodeJson(DataSubjectSummary, JSON.stringify({ ...valid, SearchedBy: 'name' })))).toBe(true);
    expect(E.isLeft(decodeJson(DataErasureRequest, JSON.stringify({ InsuranceNumber: 'X' })))).toBe(true);
  });
});
