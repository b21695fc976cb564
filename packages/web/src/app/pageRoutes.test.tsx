// @vitest-environment jsdom
// The server answers page addresses outside @rechtschat/core's WEB_PAGE_ROUTES with status 404: this test reads the
// route tables the app's routers render (every <Routes>, with the path it sits under) and proves, route by route, that
// their pages are exactly that list – a page added to a router without the list (or the other way round) fails here.
import { createElement, useContext, type ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, waitFor } from '@testing-library/react';
import type * as ReactRouter from 'react-router';
import { matchPath, type RouteObject } from 'react-router';
import { pageAddressOf, routeLeaves, WEB_PAGE_ROUTES } from '@rechtschat/core';
import { renderApp } from '../testSupport/app.js';
import { NotFoundPage } from '../pages/NotFoundPage.js';
import { CaseFileEndPage } from '../casefile/pages/EndPages.js';

const recorded = vi.hoisted(() => new Map<string, { base: string; routes: RouteObject[] }>());

vi.mock('react-router', async (importOriginal) => {
  const router = await importOriginal<typeof ReactRouter>();
  /** The real <Routes>, which first notes its routes and the path it is rendered under. */
  function RecordingRoutes(props: Parameters<typeof router.Routes>[0]) {
    const base = useContext(router.UNSAFE_RouteContext).matches.at(-1)?.pathnameBase ?? '/';
    const routes = router.createRoutesFromChildren(props.children);
    recorded.set(`${base} ${JSON.stringify(routes.map((route) => route.path ?? route.index))}`, { base, routes });
    return createElement(router.Routes, props);
  }
  return { ...router, Routes: RecordingRoutes };
});

afterEach(cleanup);

const NOT_FOUND: readonly unknown[] = [NotFoundPage, CaseFileEndPage];

/** A concrete address for a pattern: a value for each parameter, two segments for a trailing star. */
const sampleOf = (pattern: string) => pattern.replace(/:\w+\??/g, 'wert-1').replace(/\*$/, 'a/b');

describe("the web app's page routes", () => {
  it("should be exactly @rechtschat/core's WEB_PAGE_ROUTES, and every other address the app's 404 page", async () => {
    // One render per area mounts each <Routes>: the top-level table, the chat's and the (lazily loaded) case file's.
    renderApp('/chat/datenschutz');
    cleanup();
    renderApp('/digitale-fallakte/datenschutz');
    await waitFor(() => expect([...recorded.values()].map((table) => table.base)).toContain('/digitale-fallakte'), { timeout: 10_000 });
    const tables = [...recorded.values()];
    expect(new Set(tables.map((table) => table.base))).toEqual(new Set(['/', '/chat', '/digitale-fallakte']));

    const pages: string[] = [];
    const notFound: string[] = [];
    for (const table of tables) {
      for (const { pattern, element } of routeLeaves(table.routes, table.base) as { pattern: string; element: ReactElement | undefined }[]) {
        // `chat/*` and `digitale-fallakte/*` hand over to the table rendered below them.
        const handsOver = pattern.endsWith('/*') && tables.some((other) => other !== table && other.base === pattern.slice(0, -2));
        if (handsOver) continue;
        if (NOT_FOUND.includes(element?.type)) notFound.push(pattern);
        else pages.push(pattern);
      }
    }
    expect([...new Set(pages)].sort()).toEqual([...WEB_PAGE_ROUTES].sort());
    expect(notFound.length).toBeGreaterThan(0);

    // The server's matcher agrees with React Router's, on an address of each page and of each 404 route.
    for (const pattern of WEB_PAGE_ROUTES) {
      const sample = sampleOf(pattern);
      expect(matchPath(pattern, sample), sample).not.toBeNull();
      expect(pageAddressOf(sample), sample).toEqual({ app: 'web', known: true });
    }
    for (const pattern of notFound) {
      const sample = sampleOf(pattern).replace(/\/wert-1$|\/$/, '') + '/gibt-es-nicht/tief';
      expect(pageAddressOf(sample), sample).toEqual({ app: 'web', known: false });
    }
  });
});
