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
  return E.left({ _tag: 'DecodeError', message: `Ungültige Daten (${codec.name}): ${paths.slice(0, 3).join('; ')}`, paths });
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
