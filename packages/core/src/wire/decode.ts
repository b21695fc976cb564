// Decoding unknown input never throws: junk becomes a DecodeError value.
import * as E from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import type { AppError } from '../result.js';

export type DecodeError = Extract<AppError, { _tag: 'DecodeError' }>;

const describePath = (error: t.ValidationError): string => {
  const path = error.context
    .map((entry) => entry.key)
    .filter((key) => key !== '')
    .join('.');
  const expected = error.context[error.context.length - 1]?.type.name ?? 'unknown';
  return `${path || '(root)'}: expected ${expected}`;
};

/** The field a validation error is about: object keys and array positions (from 1), not union or intersection branches. */
function fieldOf(context: t.Context): string {
  const keys: string[] = [];
  context.forEach((entry, i) => {
    const parent = (context[i - 1]?.type as { _tag?: string } | undefined)?._tag;
    if (entry.key === '' || parent === 'UnionType' || parent === 'IntersectionType') return;
    keys.push(/^\d+$/.test(entry.key) ? String(Number(entry.key) + 1) : entry.key);
  });
  return keys.join('.');
}

/**
 * What people and programs read: the fields at fault, in German, without type names (those stay in
 * `paths`, for logs and tests). Array positions count from 1 (hub arguments: "Argument 1").
 */
function germanMessage(errors: t.Errors): string {
  const fields = [...new Set(errors.map((error) => fieldOf(error.context)))];
  const named = fields.filter((field) => field !== '');
  if (named.length === 0) return 'Ungültige Daten: Der Inhalt hat nicht das erwartete Format.';
  const list = named
    .slice(0, 3)
    .map((field) => `„${field}“`)
    .join(', ');
  return named.length === 1
    ? `Ungültige Daten: Das Feld ${list} fehlt oder hat nicht das erwartete Format.`
    : `Ungültige Daten: Die Felder ${list} fehlen oder haben nicht das erwartete Format.`;
}

export function decode<A, O>(codec: t.Type<A, O, unknown>, input: unknown): E.Either<DecodeError, A> {
  let result: t.Validation<A>;
  try {
    result = codec.decode(input);
  } catch (cause) {
    // A misbehaving getter or proxy in the input must not crash the caller.
    return E.left({ _tag: 'DecodeError', message: `Eingabe nicht lesbar: ${String(cause)}`, paths: [] });
  }
  if (E.isRight(result)) return E.right(result.right);
  const paths = result.left.map(describePath);
  return E.left({ _tag: 'DecodeError', message: germanMessage(result.left), paths });
}

/** Parses JSON text and decodes it; malformed JSON is a DecodeError too. */
export function decodeJson<A, O>(codec: t.Type<A, O, unknown>, text: string): E.Either<DecodeError, A> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return E.left({ _tag: 'DecodeError', message: 'Ungültiges JSON', paths: [] });
  }
  return decode(codec, parsed);
}
