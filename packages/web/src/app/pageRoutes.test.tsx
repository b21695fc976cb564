// @vitest-environment jsdom
// The server answers page addresses outside @rechtschat/core's WEB_PAGE_ROUTES with status 404: this test reads the
// route tables the app's routers render (every wouter <Switch> that renders, and the ones inside its routes' elements)
// and proves, route by route, that their pages are exactly that list – a page added to a router without the list (or
// the other way round) fails here. wouter writes "any rest, also none" as `/*?` where the list (React Router's syntax,
// which the console keeps) writes `/*`.
import { Children, createElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type * as Wouter from 'wouter';
import { matchRoute, Switch, useRouter } from 'wouter';
import { pageAddressOf, WEB_PAGE_ROUTES } from '@rechtschat/core';
import { renderApp } from '../testSupport/app.js';
import { NotFoundPage } from '../pages/NotFoundPage.js';
import { CaseFileEndPage } from '../casefile/pages/EndPages.js';

const recorded = vi.hoisted(() => new Set<ReactNode>());

vi.mock('wouter', async (importOriginal) => {
  const wouter = await importOriginal<typeof Wouter>();
  /** The real <Switch>, which first notes its routes. */
  function RecordingSwitch(props: Parameters<typeof wouter.Switch>[0]) {
    recorded.add(props.children);
    return createElement(wouter.Switch, props);
  }
  return { ...wouter, Switch: RecordingSwitch };
});

afterEach(cleanup);

const NOT_FOUND: readonly unknown[] = [NotFoundPage, CaseFileEndPage];

type Props = { readonly path?: string; readonly children?: ReactNode };
const elementsOf = (node: ReactNode) => Children.toArray(node).filter((child): child is ReactElement<Props> => isValidElement(child));

/** The routes of every <Switch> inside `node`'s elements, however deep (layouts, providers, the case file's guard). */
const switchesIn = (node: ReactNode): ReactNode[] =>
  elementsOf(node).flatMap((element) => (element.type === Switch ? [element.props.children] : switchesIn(element.props.children)));

/** A <Switch>'s leaf routes with their elements: a route holding a <Switch> hands over to its routes. */
function leavesOf(routes: ReactNode): { pattern: string; element: ReactElement | undefined }[] {
  return elementsOf(routes).flatMap((route) => {
    const inner = switchesIn(route.props.children);
    if (inner.length > 0) return inner.flatMap(leavesOf);
    expect(route.props.path, 'a route without a path holds a <Switch>').toBeDefined();
    return [{ pattern: route.props.path ?? '', element: elementsOf(route.props.children)[0] }];
  });
}

/** wouter's pattern in the list's syntax and back. */
const inListSyntax = (pattern: string) => pattern.replace(/\/\*\?$/, '/*');
const inWouterSyntax = (pattern: string) => pattern.replace(/\/\*$/, '/*?');

/** A concrete address for a pattern: a value for each parameter, two segments for a trailing star. */
const sampleOf = (pattern: string) => pattern.replace(/:\w+\??/g, 'wert-1').replace(/\*$/, 'a/b');

describe("the web app's page routes", () => {
  it("should be exactly @rechtschat/core's WEB_PAGE_ROUTES, and every other address the app's 404 page", async () => {
    // One render per area mounts each area's <Switch>: the top-level table, the chat's and the (lazily loaded) case file's.
    renderApp('/chat/datenschutz');
    cleanup();
    renderApp('/digitale-fallakte/datenschutz');
    const leaves = () => [...recorded].flatMap(leavesOf);
    await waitFor(() => expect(leaves().map((leaf) => leaf.pattern)).toContain('/digitale-fallakte/:token/uebersicht/vollmacht'), { timeout: 10_000 });
    const all = leaves();
    const patterns = all.map((leaf) => leaf.pattern);

    const pages = new Set<string>();
    const notFound = new Set<string>();
    for (const { pattern, element } of all) {
      // `/chat/*?` and `/digitale-fallakte/*?` hand over to the area's own table, whose routes lie below them.
      const handsOver = pattern.endsWith('/*?') && patterns.some((other) => other !== pattern && other.startsWith(`${pattern.slice(0, -3)}/`));
      if (handsOver) continue;
      if (NOT_FOUND.includes(element?.type)) notFound.add(pattern);
      else pages.add(inListSyntax(pattern));
    }
    expect([...pages].sort()).toEqual([...WEB_PAGE_ROUTES].sort());
    expect(notFound.size).toBeGreaterThan(0);

    // The server's matcher agrees with wouter's, on an address of each page and of each 404 route.
    const { parser } = renderHook(() => useRouter()).result.current;
    for (const pattern of WEB_PAGE_ROUTES) {
      const sample = sampleOf(pattern);
      expect(matchRoute(parser, inWouterSyntax(pattern), sample)[0], sample).toBe(true);
      expect(pageAddressOf(sample), sample).toEqual({ app: 'web', known: true });
    }
    for (const pattern of notFound) {
      const sample = sampleOf(pattern).replace(/\/wert-1$|\/$/, '') + '/gibt-es-nicht/tief';
      expect(matchRoute(parser, pattern, sample)[0], sample).toBe(true);
      expect(pageAddressOf(sample), sample).toEqual({ app: 'web', known: false });
    }
  });
});
