// Request bodies and parameters are decoded with the core io-ts codecs (DESIGN §2).
import { decode } from '@rechtschat/core';
import * as E from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import { DomainError } from '../errors.js';

export function decodeBody<A, O>(codec: t.Type<A, O, unknown>, body: unknown): A {
  const result = decode(codec, body);
  if (E.isLeft(result)) throw new DomainError('BadRequest', `Die Anfrage ist ungültig. ${result.left.message.replace(/^Ungültige Daten: /, '')}`);
  return result.right;
}

/** Route parameters that name ids: short, URL-safe, nothing else. */
export function idParam(params: unknown, name: string): string {
  const value = (params as Record<string, unknown> | undefined)?.[name];
  if (typeof value !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(value)) throw new DomainError('NotFound', 'Die angeforderte Ressource wurde nicht gefunden.');
  return value;
}
