// Keeps „E-Mail“ on one line in German text that the product writes itself (headings, the assistant's messages).
import type { ReactNode } from 'react';

/**
 * A compound whose part before the hyphen has one or two letters – „E-Mail“, „U-Bahn“: split at its hyphen it leaves
 * „E-“ alone at a line's end (the protocol confirmation's „Chatprotokoll per E-“ / „Mail“, the assistant's „Unter
 * welcher E-“ / „Mail-Adresse …“ at 360 px). Only up to the next hyphen („E-Mail“ of „E-Mail-Adresse“) and at most 12
 * letters after it, so a kept piece never gets wider than a narrow column at 200 % zoom.
 */
const SHORT_COMPOUND = /(?<![\p{L}\p{N}-])(\p{L}{1,2}-[\p{L}\p{N}]{1,12})(?![\p{L}\p{N}])/u;

/**
 * The text with each short compound in a span of `className`, which does not wrap (`white-space: nowrap` in the CSS);
 * the text itself – and so an accessible name, the document title and a search in the page – keeps its plain hyphen
 * (a non-breaking hyphen U+2011 would change all three). Longer compounds („Online-Beratung“) may still break after
 * their hyphen.
 */
export function keepShortCompounds(text: string, className: string): ReactNode[] {
  return text.split(SHORT_COMPOUND).map((part, index) =>
    index % 2 === 1 ? (
      <span key={index} className={className}>
        {part}
      </span>
    ) : (
      part
    ),
  );
}
