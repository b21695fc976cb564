// A labelled list of values (case details, personal data) as a <dl>, readable by screen readers.
import { Fragment } from 'react';

export function DefinitionList({ items }: { readonly items: ReadonlyArray<readonly [string, string]> }) {
  return (
    <dl className="casefile-dl">
      {items.map(([label, value]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
