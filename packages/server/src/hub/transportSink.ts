export type TransportKind = 'WebSockets' | 'ServerSentEvents' | 'LongPolling';

/**
 * One or more serialised records (each ending in 0x1E), encoded to UTF-8 at most once:
 * a group fan-out hands the same instance to every member's socket.
 */
export class OutgoingRecords {
  private encoded: Buffer | undefined;

  constructor(readonly text: string) {}

  get bytes(): Buffer {
    this.encoded ??= Buffer.from(this.text, 'utf8');
    return this.encoded;
  }
}

/** The write side of a transport, as seen by a hub connection. */
export interface TransportSink {
  readonly kind: TransportKind;
  /** Writes whole records. */
  send(payload: OutgoingRecords): void;
  /** Ends the transport after already written data; `code` is a WebSocket close code hint. */
  end(code?: number): void;
}
