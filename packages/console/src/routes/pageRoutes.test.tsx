// @vitest-environment jsdom
// The server answers addresses below /konsole/ outside @rechtschat/core's CONSOLE_PAGE_ROUTES with status 404: this test
// reads the route tables the console's routers render (ConsoleApp's and, signed in, ConsoleRouter's) and proves, route
// by route, that their pages are exactly that list – a screen added without the list (or the other way round) fails.
import { createElement, useContext, type ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type * as ReactRouter from 'react-router';
import { matchPath, type RouteObject } from 'react-router';
import { CONSOLE_BASE, CONSOLE_PAGE_ROUTES, pageAddressOf, routeLeaves } from '@rechtschat/core';
import { ConsoleApp } from '../ConsoleApp.js';
import { CHAT, WEB, fakeConnection, fakeFetch, focusedWindow, me, noPreferences } from '../testSupport/fakes.js';
import { NotFound } from './ConsoleRouter.js';

const recorded = vi.hoisted(() => new Map<string, { base: string; depth: number; routes: RouteObject[] }>());

vi.mock('react-router', async (importOriginal) => {
  const router = await importOriginal<typeof ReactRouter>();
  /** The real <Routes>, which first notes its routes and the path it is rendered under. */
  function RecordingRoutes(props: Parameters<typeof router.Routes>[0]) {
    const { matches } = useContext(router.UNSAFE_RouteContext);
    const base = matches.at(-1)?.pathnameBase ?? '/';
    const routes = router.createRoutesFromChildren(props.children);
    recorded.set(`${matches.length} ${base} ${JSON.stringify(routes.map((route) => route.path ?? route.index))}`, { base, depth: matches.length, routes });
    return createElement(router.Routes, props);
  }
  return { ...router, Routes: RecordingRoutes };
});

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const sampleOf = (pattern: string) => pattern.replace(/:\w+\??/g, 'wert-1').replace(/\*$/, 'a/b');

describe("the console's page routes", () => {
  it("should be exactly @rechtschat/core's CONSOLE_PAGE_ROUTES, and every other address the console's 404 page", async () => {
    const empty = { status: 200, body: [] };
    const { fetcher } = fakeFetch({
      [`GET ${WEB}/api/chat/url`]: { status: 200, body: 'http://chat.test' },
      [`GET ${CHAT}api/lawyer/whoami`]: { status: 200, body: me },
      [`GET ${CHAT}api/lawyer/me`]: { status: 200, body: me },
      [`GET ${CHAT}api/lawyer/queue`]: empty,
      [`GET ${CHAT}api/lawyer/chats`]: empty,
      [`GET ${CHAT}api/lawyer/callbacks`]: empty,
      [`GET ${CHAT}api/lawyer/colleagues`]: empty,
      [`GET ${CHAT}api/lawyer/case-files`]: empty,
    });
    const hub = fakeConnection();
    // Signed in at an unknown address: ConsoleApp's table and, below its catch-all, ConsoleRouter's.
    render(
      <ConsoleApp
        fetcher={fetcher}
        webOrigin={WEB}
        connect={() => hub.connection}
        initialPath="/gibt-es-nicht"
        preferences={noPreferences}
        window={focusedWindow}
      />,
    );
    expect(await screen.findByRole('heading', { name: 'Seite nicht gefunden' }, { timeout: 5000 })).toBeTruthy();
    const tables = [...recorded.values()];
    expect(tables).toHaveLength(2);

    const pages: string[] = [];
    const notFound: string[] = [];
    for (const table of tables) {
      for (const { pattern, element } of routeLeaves(table.routes, table.base) as { pattern: string; element: ReactElement | undefined }[]) {
        // ConsoleApp's catch-all hands over to ConsoleRouter's table (under the same base) once signed in.
        const handsOver = pattern.endsWith('/*') && tables.some((other) => other.depth > table.depth && other.base === (pattern.slice(0, -2) || '/'));
        if (handsOver) continue;
        if (element?.type === NotFound) notFound.push(pattern);
        else pages.push(pattern);
      }
    }
    expect([...new Set(pages)].sort()).toEqual([...CONSOLE_PAGE_ROUTES].sort());
    expect(notFound).toEqual(['/*']);

    for (const pattern of CONSOLE_PAGE_ROUTES) {
      const sample = sampleOf(pattern);
      expect(matchPath(pattern, sample), sample).not.toBeNull();
      expect(pageAddressOf(`${CONSOLE_BASE}${sample}`), sample).toEqual({ app: 'console', known: true });
    }
    for (const sample of ['/gibt-es-nicht', '/verwaltung', '/verwaltung/team/mehr', '/zugang/x']) {
      expect(pageAddressOf(`${CONSOLE_BASE}${sample}`), sample).toEqual({ app: 'console', known: false });
    }
  });
});
