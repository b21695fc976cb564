// React.lazy for a page on plain CSS and the src/ui primitives: no theme to wait for.
import { lazy, type ComponentType } from 'react';

export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await load() }));
}
