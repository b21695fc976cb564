/** JSON hub protocol: framing, parsing of client messages and serialisation of server messages. */
import { mayHoldUnstorableText, unstorableTextIn } from './unstorableText.js';

export const RECORD_SEPARATOR = '\u001e';

export type ClientMessage =
  | { readonly type: 'invocation'; readonly invocationId: string | undefined; readonly target: string; readonly args: readonly unknown[] }
  | { readonly type: 'streamInvocation'; readonly invocationId: string }
  | { readonly type: 'ping' }
  | { readonly type: 'close' }
  | { readonly type: 'ignored' }
  | { readonly type: 'invalid'; readonly invocationId: string | undefined };

export interface HandshakeRequest {
  readonly protocol: string;
  readonly version: number;
}

/**
 * Splits incoming text into records. Keeps an incomplete tail between calls and reports
 * overflow when the unterminated tail grows beyond `maxBytes`.
 */
export class RecordReader {
  private buffer = '';

  constructor(private readonly maxBytes: number) {}

  /** Returns the complete records, or 'overflow' when a record exceeds the limit. */
  push(chunk: string): string[] | 'overflow' {
    const text = this.buffer === '' ? chunk : this.buffer + chunk;
    const parts = text.split(RECORD_SEPARATOR);
    this.buffer = parts.pop() ?? '';
    if (this.tooLarge(this.buffer)) return 'overflow';
    for (const part of parts) if (this.tooLarge(part)) return 'overflow';
    return parts;
  }

  /** A UTF-16 code unit is at most 3 bytes of UTF-8: short text needs no byte count. */
  private tooLarge(text: string): boolean {
    return text.length * 3 > this.maxBytes && Buffer.byteLength(text, 'utf8') > this.maxBytes;
  }
}

function parseObject(record: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(record);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Parses the handshake record; null when it is not a JSON object with protocol and version. */
export function parseHandshake(record: string): HandshakeRequest | null {
  const value = parseObject(record);
  if (value === null || typeof value.protocol !== 'string' || typeof value.version !== 'number') return null;
  return { protocol: value.protocol, version: value.version };
}

function optionalId(value: unknown): string | undefined | null {
  if (value === undefined) return undefined;
  return typeof value === 'string' && value.length > 0 ? value : null;
}

/** Parses one record after the handshake; null means it is not a hub message at all. */
export function parseClientMessage(record: string): ClientMessage | null {
  const value = parseObject(record);
  if (value === null || typeof value.type !== 'number') return null;
  const invocationId = optionalId(value.invocationId);
  switch (value.type) {
    case 1: {
      if (invocationId === null) return null;
      const { target, arguments: args } = value;
      if (typeof target !== 'string' || target.length === 0 || !Array.isArray(args)) return { type: 'invalid', invocationId };
      // U+0000 and lone surrogates cannot be stored as sent (unstorableText.ts): such an argument is an invalid call.
      if (mayHoldUnstorableText(record) && unstorableTextIn(args) !== null) return { type: 'invalid', invocationId };
      return { type: 'invocation', invocationId, target, args };
    }
    case 4:
      return invocationId ? { type: 'streamInvocation', invocationId } : null;
    case 6:
      return { type: 'ping' };
    case 7:
      return { type: 'close' };
    default:
      // StreamItem, Completion, CancelInvocation, Ack, Sequence and unknown types: nothing to do.
      return { type: 'ignored' };
  }
}

function frame(message: object): string {
  return JSON.stringify(message) + RECORD_SEPARATOR;
}

/**
 * A value already serialised to JSON: a hub method may return it, and it may be the only
 * argument of a server → client call. A chat message goes out twice (DistributeMessage to both
 * sides and the sender's completion), and this way it is serialised once.
 */
export class RawJson {
  constructor(readonly json: string) {}

  static of(value: unknown): RawJson {
    return new RawJson(JSON.stringify(value));
  }
}

export const HANDSHAKE_OK = frame({});
export const PING = frame({ type: 6 });

export function handshakeError(error: string): string {
  return frame({ error });
}

/** Server → client call without invocationId (the client must not answer). Throws if args are not serialisable. */
export function invocationRecord(target: string, args: readonly unknown[]): string {
  const [only] = args;
  if (args.length === 1 && only instanceof RawJson) return `{"type":1,"target":${JSON.stringify(target)},"arguments":[${only.json}]}${RECORD_SEPARATOR}`;
  return frame({ type: 1, target, arguments: args });
}

export function completionResult(invocationId: string, result: unknown): string {
  if (result instanceof RawJson) return `{"type":3,"invocationId":${JSON.stringify(invocationId)},"result":${result.json}}${RECORD_SEPARATOR}`;
  return frame(result === undefined ? { type: 3, invocationId } : { type: 3, invocationId, result });
}

export function completionError(invocationId: string, error: string): string {
  return frame({ type: 3, invocationId, error });
}

export function closeRecord(error: string | undefined, allowReconnect: boolean): string {
  return frame(error === undefined ? { type: 7, allowReconnect } : { type: 7, error, allowReconnect });
}
