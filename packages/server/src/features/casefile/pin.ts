// PIN hashing with argon2id. The optional pepper is a secret kept outside the database.
import { hash, verify, type Algorithm } from '@node-rs/argon2';

// Algorithm is an ambient const enum (not usable with isolatedModules); 2 is Argon2id.
const argon2id = 2 as Algorithm;

/** Hashes and verifies PINs. Injected so tests can observe that every login attempt does the same work. */
export interface PinHasher {
  hash(pin: string): Promise<string>;
  verify(pinHash: string, pin: string): Promise<boolean>;
}

export interface Argon2PinHasherOptions {
  /** Secret pepper (argon2 "secret" input); when set it must stay the same for existing hashes. */
  pepper?: string;
  /** KiB; default 19 MiB, the OWASP argon2id baseline. */
  memoryCost?: number;
  timeCost?: number;
}

/** argon2id hasher; `verify` never throws (a malformed hash is simply "no match"). */
export function createArgon2PinHasher(options: Argon2PinHasherOptions = {}): PinHasher {
  const params = {
    algorithm: argon2id,
    memoryCost: options.memoryCost ?? 19_456,
    timeCost: options.timeCost ?? 2,
    parallelism: 1,
    ...(options.pepper ? { secret: Buffer.from(options.pepper, 'utf8') } : {}),
  };
  return {
    hash: (pin) => hash(pin, params),
    verify: async (pinHash, pin) => {
      try {
        return await verify(pinHash, pin, params);
      } catch {
        return false;
      }
    },
  };
}

/** A fixed hash to verify against when the token is unknown, so that path costs the same as a wrong PIN. */
export function createDummyHash(hasher: PinHasher): () => Promise<string> {
  let dummy: Promise<string> | undefined;
  return () => (dummy ??= hasher.hash('0000-unknown-token'));
}
