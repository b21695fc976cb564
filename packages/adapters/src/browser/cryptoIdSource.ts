// IdSource over crypto.randomUUID: client ids for messages (deduplication after a lost ack).
import type { IdSource } from '@rechtschat/core';

/** Uses the given Crypto (the browser's by default). */
export function createCryptoIdSource(source: Pick<Crypto, 'randomUUID'> = globalThis.crypto): IdSource {
  return { next: () => source.randomUUID() };
}
