// Web addresses in a chat message, so the screens can show them as links: a lawyer who sends a form's or an
// authority's address should not make a person on a phone copy it by hand. Only http(s) addresses and ones that
// start with "www." become links; the href always has an http(s) scheme, so no text can become a script or data URL.

/** A piece of a message: plain text, or a web address with the href to open. */
export interface TextPart {
  readonly text: string;
  readonly href?: string;
}

const ADDRESS = /\b(?:https?:\/\/|www\.)[^\s<>"]+/gi;
/** Punctuation that ends a sentence or a quote after an address rather than belonging to it. */
const TRAILING = /[.,;:!?'"»«“”„‘’)\]]+$/;

/** Cuts trailing punctuation, but keeps a closing parenthesis the address opened itself (Wikipedia-style paths). */
function trimAddress(candidate: string): string {
  let address = candidate.replace(TRAILING, '');
  const rest = candidate.slice(address.length);
  // Give back one ")" per "(" that the address leaves open.
  let open = address.split('(').length - address.split(')').length;
  let i = 0;
  while (open > 0 && rest[i] === ')') {
    address += ')';
    open -= 1;
    i += 1;
  }
  return address;
}

/** The message as text and link parts, in order; a message without an address is one text part. */
export function textWithLinks(message: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of message.matchAll(ADDRESS)) {
    const address = trimAddress(match[0]);
    const start = match.index;
    // "www." alone, or an address cut to its scheme, is not a link.
    if (!/^(?:https?:\/\/|www\.)[^./]+\.[^.]/i.test(address)) continue;
    if (start > last) parts.push({ text: message.slice(last, start) });
    parts.push({ text: address, href: /^www\./i.test(address) ? `https://${address}` : address });
    last = start + address.length;
  }
  if (last < message.length || parts.length === 0) parts.push({ text: message.slice(last) });
  return parts;
}
