// The page's h1; also sets the document title so screen-reader users hear where they are.
import { useEffect, type ReactNode } from 'react';
import { useServiceArea } from './serviceArea.js';

/**
 * A compound whose part before the hyphen has one or two letters – „E-Mail“, „U-Bahn“: split at its hyphen it leaves
 * „E-“ alone at a line's end (the protocol confirmation's „Chat-Protokoll per E-“ / „Mail“ at 360 px).
 */
const SHORT_COMPOUND = /(?<![\p{L}\p{N}-])(\p{L}{1,2}-[\p{L}\p{N}]+)/u;

/**
 * The heading's text with each short compound in a span that does not wrap; the text itself – and so the heading's
 * accessible name, the document title and a search in the page – keeps its plain hyphen (a non-breaking hyphen U+2011
 * would change all three). Longer compounds („Chat-Protokoll“) may still break after their hyphen.
 */
function keepShortCompounds(text: string): ReactNode[] {
  return text.split(SHORT_COMPOUND).map((part, index) =>
    index % 2 === 1 ? (
      <span key={index} className="page-heading__keep">
        {part}
      </span>
    ) : (
      part
    ),
  );
}

/**
 * Renders the visible h1 and mirrors it into document.title, with the name of the area's service – once, where the
 * heading is that name (the chat's error pages).
 */
export function PageHeading({ children }: { readonly children: string }) {
  const serviceName = useServiceArea().name;
  useEffect(() => {
    document.title = children === serviceName ? children : `${children} – ${serviceName}`;
  }, [children, serviceName]);
  return <h1 className="page-heading">{keepShortCompounds(children)}</h1>;
}
