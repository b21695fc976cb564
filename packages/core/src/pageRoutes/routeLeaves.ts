// The leaf routes of a React Router table as full path patterns: what the apps' route tests compare with the one list
// of page patterns (pageRoutes.ts). Structural, so core needs no router: index and pathless layout routes add no segment.

/** The part of a router's route object the walk reads. */
export interface RouteLike {
  readonly index?: boolean;
  readonly path?: string;
  readonly children?: readonly RouteLike[];
  readonly element?: unknown;
}

const join = (parent: string, path: string) => `${parent.replace(/\/$/, '')}/${path}`;

/** Every leaf of `routes` below `parent`, as its full pattern with the route's element. */
export function routeLeaves(routes: readonly RouteLike[], parent: string): { pattern: string; element: unknown }[] {
  return routes.flatMap((route) => {
    const pattern = route.index || route.path === undefined ? parent : join(parent, route.path);
    if (route.children?.length) return routeLeaves(route.children, pattern);
    return [{ pattern, element: route.element }];
  });
}
