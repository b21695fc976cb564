import type { ReactNode } from 'react';

/** A part of a page under its own h2 (in the look of an h3), named by that heading for screen readers. */
export function TitledSection({ id, heading, children }: { readonly id: string; readonly heading: string; readonly children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="ui-mb-2">
      <h2 id={id} className="ui-h3">
        {heading}
      </h2>
      {children}
    </section>
  );
}
