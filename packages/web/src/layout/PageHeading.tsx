// The page's h1; also sets the document title so screen-reader users hear where they are.
import { useEffect } from 'react';
import { keepShortCompounds } from './keepShortCompounds.js';
import { useServiceArea } from './serviceArea.js';

/**
 * Renders the visible h1 and mirrors it into document.title, with the name of the area's service – once, where the
 * heading is that name (the chat's error pages).
 */
export function PageHeading({ children }: { readonly children: string }) {
  const serviceName = useServiceArea().name;
  useEffect(() => {
    document.title = children === serviceName ? children : `${children} – ${serviceName}`;
  }, [children, serviceName]);
  return <h1 className="page-heading">{keepShortCompounds(children, 'page-heading__keep')}</h1>;
}
