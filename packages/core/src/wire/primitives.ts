// Refined primitives shared by the wire codecs.
import * as t from 'io-ts';

const isoPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const isIsoDate = (u: unknown): u is string => typeof u === 'string' && isoPattern.test(u) && !Number.isNaN(Date.parse(u));

/** An ISO 8601 timestamp string (UTC, as the server writes them). Kept a plain string for ergonomic construction. */
export const IsoDate = new t.Type<string, string, unknown>(
  'IsoDate',
  isIsoDate,
  (u, c) => (isIsoDate(u) ? t.success(u) : t.failure(u, c)),
  (a) => a,
);
export type IsoDate = t.TypeOf<typeof IsoDate>;

const isNonEmpty = (u: unknown): u is string => typeof u === 'string' && u.trim().length > 0;
export const NonEmptyString = new t.Type<string, string, unknown>(
  'NonEmptyString',
  isNonEmpty,
  (u, c) => (isNonEmpty(u) ? t.success(u) : t.failure(u, c)),
  (a) => a,
);

/** Ids are opaque strings. */
export const Id = t.string;
export type Id = t.TypeOf<typeof Id>;

export const optional = <C extends t.Mixed>(codec: C) => t.union([codec, t.undefined]);
export const nullable = <C extends t.Mixed>(codec: C) => t.union([codec, t.null]);

/** Wraps a type in the generic `{ Value }` payload of the chat host's API. */
export const valuePayload = <C extends t.Mixed>(codec: C, name = `Value<${codec.name}>`) => t.type({ Value: codec }, name);
