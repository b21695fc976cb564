// THE list of page addresses the two apps answer with a page of their own (not their „Seite nicht gefunden“): the
// server answers every other address with status 404 (still with the app's HTML, so the person sees the app's German
// 404 page). Patterns in React Router's syntax, as full paths: `:name` one segment (a token, an id – the pattern, not
// the value, decides), `:name?` an optional one, a trailing `*` any rest (also none).
// The apps' routers must declare exactly these routes: packages/web/src/app/pageRoutes.test.tsx and
// packages/console/src/routes/pageRoutes.test.tsx read the route tables the routers render and compare them with
// these lists, route by route – a new page fails there until it is added here.

/** The client web app at the web origin's root (AppRoutes, ChatArea, CaseFileArea). */
export const WEB_PAGE_ROUTES: readonly string[] = [
  '/',
  // ChatArea
  '/chat',
  '/chat/new',
  '/chat/rueckruf/:telephone?/:availability?',
  '/chat/nutzungsbedingungen',
  '/chat/datenschutz',
  '/chat/ausserhalb-dienstzeit',
  '/chat/follow-up/*',
  '/chat/:caseId',
  // CaseFileArea
  '/digitale-fallakte',
  '/digitale-fallakte/nutzungsbedingungen',
  '/digitale-fallakte/datenschutz',
  '/digitale-fallakte/fall-abgeschlossen',
  '/digitale-fallakte/zurueckgezogen',
  '/digitale-fallakte/:token',
  '/digitale-fallakte/:token/abmelden',
  '/digitale-fallakte/:token/fragebogen',
  '/digitale-fallakte/:token/fragebogen/abbrechen',
  '/digitale-fallakte/:token/fragebogen/versendet',
  '/digitale-fallakte/:token/uebersicht',
  '/digitale-fallakte/:token/uebersicht/falldaten',
  '/digitale-fallakte/:token/uebersicht/dokumente',
  '/digitale-fallakte/:token/uebersicht/anwalt/*',
  '/digitale-fallakte/:token/uebersicht/persoenlich',
  '/digitale-fallakte/:token/uebersicht/verlauf',
  '/digitale-fallakte/:token/uebersicht/kontakt',
  '/digitale-fallakte/:token/uebersicht/datenschutz',
  '/digitale-fallakte/:token/uebersicht/nutzungsbedingungen',
  '/digitale-fallakte/:token/uebersicht/vollmacht',
  '/digitale-fallakte/:token/uebersicht/vollmacht/versendet',
  // The service information pages (web/src/pages/services.ts), each with any sub-path
  '/rueckruf/*',
  '/vertragscheck/*',
  '/live-unterlagen-zugriff/*',
  '/onlineberatung/*',
  '/website-check/*',
  '/telefonberatung-mit-protokoll/*',
  '/inkasso/*',
  '/follow-up/*',
  '/einverstaendnis/*',
  '/agb-check/*',
  '/mandatsfall/*',
  '/steuerungsfall/*',
  '/deckungsabfindung/*',
  '/deckungsabloese/*',
  // AppRoutes' other pages
  '/p',
  '/p/:reference',
  '/protokoll',
  '/protokoll/bestaetigen',
  '/protokoll/:reference',
  '/external/mineko',
  '/external/:type',
  '/ausserhalb-dienstzeit',
  '/logout',
  '/agb',
  '/impressum',
  '/barrierefreiheit',
];

/** The lawyer console, relative to its base /konsole (ConsoleApp, ConsoleRouter and its consoleRoutes). */
export const CONSOLE_PAGE_ROUTES: readonly string[] = [
  '/',
  '/zugang',
  '/berichte',
  '/textbausteine',
  '/verwaltung/team',
  '/verwaltung/protokoll',
  '/verwaltung/versicherer',
  '/verwaltung/auskunft',
  '/verwaltung/servicezeiten',
  '/verwaltung/kanzlei',
  '/verwaltung/textbausteine',
];

/** The console's base path in the web origin. */
export const CONSOLE_BASE = '/konsole';

const segmentsOf = (path: string): string[] => path.split('/').filter((segment) => segment !== '');

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Whether `pathname` (as requested, percent-encoded, without the query) matches `pattern` as React Router matches it:
 * literal segments case-insensitively, `:name` any one segment, `:name?` one or none, a trailing `*` any rest; empty
 * segments (a trailing slash, `//`) do not count.
 */
export function matchesPagePattern(pattern: string, pathname: string): boolean {
  const wanted = segmentsOf(pattern);
  const given = segmentsOf(pathname).map(decoded);
  const match = (p: number, g: number): boolean => {
    if (p === wanted.length) return g === given.length;
    const part = wanted[p] as string;
    if (part === '*') return true;
    if (part.startsWith(':') && part.endsWith('?')) return match(p + 1, g) || (g < given.length && match(p + 1, g + 1));
    if (g === given.length) return false;
    if (part.startsWith(':')) return match(p + 1, g + 1);
    return part.toLowerCase() === (given[g] as string).toLowerCase() && match(p + 1, g + 1);
  };
  return match(0, 0);
}

/** Which app a page address belongs to and whether that app has a page there (else its „Seite nicht gefunden“). */
export function pageAddressOf(pathname: string): { readonly app: 'web' | 'console'; readonly known: boolean } {
  // As the server serves it: the console's index.html only below /konsole/ (/konsole itself redirects there).
  if (pathname.startsWith(`${CONSOLE_BASE}/`)) {
    const inConsole = pathname.slice(CONSOLE_BASE.length);
    return { app: 'console', known: CONSOLE_PAGE_ROUTES.some((pattern) => matchesPagePattern(pattern, inConsole)) };
  }
  return { app: 'web', known: WEB_PAGE_ROUTES.some((pattern) => matchesPagePattern(pattern, pathname)) };
}
