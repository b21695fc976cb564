// E-mail addresses with an internationalised domain (max@müller.de). The shared e-mail rule and the server accept
// the ASCII form (xn--…), which every mail system delivers; the person reads and types the Unicode form.

const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const SKEW = 38;
const DAMP = 700;
const INITIAL_BIAS = 72;
const INITIAL_N = 128;
const ACE_PREFIX = 'xn--';

/** RFC 3492 bias adaptation. */
function adapt(delta: number, points: number, first: boolean): number {
  let d = first ? Math.floor(delta / DAMP) : delta >> 1;
  d += Math.floor(d / points);
  let k = 0;
  while (d > ((BASE - T_MIN) * T_MAX) >> 1) {
    d = Math.floor(d / (BASE - T_MIN));
    k += BASE;
  }
  return k + Math.floor(((BASE - T_MIN + 1) * d) / (d + SKEW));
}

function digitValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 22;
  if (code >= 65 && code <= 90) return code - 65;
  if (code >= 97 && code <= 122) return code - 97;
  return BASE;
}

/** Decodes one Punycode label (without `xn--`); null when it is not valid Punycode. RFC 3492 §6.2. */
function decodeLabel(input: string): string | null {
  const basicEnd = Math.max(0, input.lastIndexOf('-'));
  const output: number[] = [];
  for (let j = 0; j < basicEnd; j += 1) {
    const code = input.charCodeAt(j);
    if (code >= 0x80) return null;
    output.push(code);
  }
  let n = INITIAL_N;
  let bias = INITIAL_BIAS;
  let i = 0;
  for (let index = basicEnd > 0 ? basicEnd + 1 : 0; index < input.length;) {
    const oldI = i;
    let weight = 1;
    for (let k = BASE; ; k += BASE) {
      if (index >= input.length) return null;
      const digit = digitValue(input.charCodeAt(index));
      index += 1;
      if (digit >= BASE) return null;
      i += digit * weight;
      const threshold = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
      if (digit < threshold) break;
      weight *= BASE - threshold;
    }
    const length = output.length + 1;
    bias = adapt(i - oldI, length, oldI === 0);
    n += Math.floor(i / length);
    i %= length;
    if (n > 0x10ffff) return null;
    output.splice(i, 0, n);
    i += 1;
  }
  return String.fromCodePoint(...output);
}

function splitAddress(email: string): { readonly local: string; readonly domain: string } | null {
  const at = email.lastIndexOf('@');
  return at <= 0 ? null : { local: email.slice(0, at), domain: email.slice(at + 1) };
}

/** `max@xn--mller-kva.de` → `max@müller.de`, as the person wrote it. Anything not decodable stays as it is. Pure. */
export function emailForDisplay(email: string): string {
  const parts = splitAddress(email);
  if (!parts || !parts.domain.toLowerCase().includes(ACE_PREFIX)) return email;
  const labels = parts.domain.split('.').map((label) => (label.toLowerCase().startsWith(ACE_PREFIX) ? decodeLabel(label.slice(ACE_PREFIX.length)) : label));
  return labels.every((label) => label !== null && label !== '') ? `${parts.local}@${labels.join('.')}` : email;
}

function isAscii(text: string): boolean {
  return Array.from(text).every((char) => (char.codePointAt(0) ?? 0) < 0x80);
}

/** The WHATWG URL class of browsers and Node; core's TypeScript library has no DOM or Node types. */
declare const URL: new (input: string) => { readonly hostname: string };

/** Characters a URL would read as something other than the host: such a domain is left for the e-mail rule to refuse. */
const NOT_IN_A_HOST = /[\s/?#@\\:%[\]]/;

/**
 * `max@müller.de` → `max@xn--mller-kva.de` (the domain lower-cased and each non-ASCII label Punycode-encoded), so
 * the shared e-mail rule and the server judge the deliverable form. ASCII domains come back trimmed and otherwise
 * unchanged (the rule then names any error). The encoding is the platform's own (WHATWG URL host parsing, the same
 * in browsers and Node), so the chat's bundle carries no Punycode encoder. Pure.
 */
export function emailForSending(input: string): string {
  const email = input.trim();
  const parts = splitAddress(email);
  if (!parts || isAscii(parts.domain) || NOT_IN_A_HOST.test(parts.domain)) return email;
  try {
    return `${parts.local}@${new URL(`http://${parts.domain.normalize('NFC')}`).hostname}`;
  } catch {
    return email;
  }
}
