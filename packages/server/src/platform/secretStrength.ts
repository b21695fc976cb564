// The start-up check of a secret's make-up in production (config.ts › readSecret): long is not enough – 64 times the
// same character is 64 characters and next to no key. The rule is deliberately simple, so an operator can read why a
// value was refused; it catches typed-in patterns, not every human-made phrase (that is why the message names
// `openssl rand -base64 48`). A random value of the usual generators passes: `openssl rand -base64 32/48` (44/64
// characters of 64), `openssl rand -hex 32` (64 of 16), a UUID; `openssl rand -hex 16` (32 of 16) has fewer than 10
// different characters in about 1 of 10,000 draws – the start then asks for another (measured over 200,000 draws each).

/** Fewer different characters than this are refused (`aaaa…`, `abab…`, `passwordpassword…`). */
const MIN_DISTINCT_CHARACTERS = 10;
/** A piece of this many characters that occurs twice is refused (`geheim12geheim12…`, `abcabcabc…`). */
const PIECE_LENGTH = 8;
/** This many characters in a row that stay the same or climb or fall by one are refused (`12345678`, `hgfedcba`). */
const MAX_STEP_RUN = 8;

/** Why `secret` is too weak, in German and English, or null when it passes the rule. */
export function secretWeakness(secret: string): string | null {
  const chars = Array.from(secret);
  const distinct = new Set(chars).size;
  if (distinct < MIN_DISTINCT_CHARACTERS) {
    return `nur ${distinct} verschiedene Zeichen, mindestens ${MIN_DISTINCT_CHARACTERS} / only ${distinct} different characters, at least ${MIN_DISTINCT_CHARACTERS}`;
  }
  if (repeatedPiece(chars) !== null) {
    return `dieselben ${PIECE_LENGTH} Zeichen kommen zweimal vor / the same ${PIECE_LENGTH} characters occur twice`;
  }
  if (hasStepRun(chars)) {
    return `${MAX_STEP_RUN} oder mehr aufeinanderfolgende Zeichen wie „12345678“ oder „aaaaaaaa“ / a run of ${MAX_STEP_RUN} or more consecutive characters such as "12345678" or "aaaaaaaa"`;
  }
  return null;
}

/** The first piece of PIECE_LENGTH characters that occurs twice (overlapping copies count), if any. */
function repeatedPiece(chars: readonly string[]): string | null {
  const seen = new Set<string>();
  for (let i = 0; i + PIECE_LENGTH <= chars.length; i++) {
    const piece = chars.slice(i, i + PIECE_LENGTH).join('');
    if (seen.has(piece)) return piece;
    seen.add(piece);
  }
  return null;
}

/** Whether MAX_STEP_RUN characters in a row each differ from the one before by the same step of −1, 0 or +1 code points. */
function hasStepRun(chars: readonly string[]): boolean {
  let run = 1;
  let step: number | null = null;
  for (let i = 1; i < chars.length; i++) {
    const d = (chars[i]?.codePointAt(0) ?? 0) - (chars[i - 1]?.codePointAt(0) ?? 0);
    if (Math.abs(d) <= 1 && (run === 1 || d === step)) {
      run += 1;
      step = d;
    } else if (Math.abs(d) <= 1) {
      run = 2;
      step = d;
    } else {
      run = 1;
      step = null;
    }
    if (run >= MAX_STEP_RUN) return true;
  }
  return false;
}
