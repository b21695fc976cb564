// Hub arguments are untrusted JSON: decode them with the core codecs, map domain errors to hub errors.
// An argument the method cannot use is refused with the hub's generic code; a DomainError keeps a code its module
// declared (ChatTaken, OutsideServiceHours …), while the platform's generic codes – HTTP statuses in words – become
// the generic HubError, as every hub refusal was before codes were sent.
import { decode, MAX_CHAT_TEXT_LENGTH } from '@rechtschat/core';
import * as E from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import { DomainError, isPlatformErrorCode } from '../errors.js';
import { HUB_ERROR, HubError } from '../../hub/hubError.js';

/** A chat message's maximum, in characters as people count them (code points: an emoji once), as core counts it. */
export const MAX_TEXT_LENGTH = MAX_CHAT_TEXT_LENGTH;

export function arg<A, O>(args: readonly unknown[], index: number, codec: t.Type<A, O, unknown>): A {
  const result = decode(codec, args[index]);
  if (E.isLeft(result)) throw new HubError(HUB_ERROR, `Ungültiges Argument ${index + 1}: ${result.left.message.replace(/^Ungültige Daten: /, '')}`);
  return result.right;
}

export function idArg(args: readonly unknown[], index: number): string {
  const value = args[index];
  if (typeof value !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(value))
    throw new HubError(HUB_ERROR, `Ungültiges Argument ${index + 1}: eine Kennung wird erwartet.`);
  return value;
}

export function argCount(args: readonly unknown[], min: number, max = min): void {
  if (args.length < min || args.length > max) throw new HubError(HUB_ERROR, `Diese Methode erwartet ${min === max ? min : `${min} bis ${max}`} Argumente.`);
}

/** A DomainError as a hub refusal: its declared code, or the generic HubError for a platform code; its German message. */
export function asHubError(error: DomainError): HubError {
  return new HubError(isPlatformErrorCode(error.code) ? HUB_ERROR : error.code, error.message);
}

/** Domain failures become hub errors with their German message; bugs stay bugs. */
export async function asHubCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof DomainError) throw asHubError(error);
    throw error;
  }
}
