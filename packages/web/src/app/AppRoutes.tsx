// The top-level route table. Everything except the chat is loaded lazily. A <Switch> renders its first matching route,
// so a literal path goes before a parameter at the same place; `/*?` is a path with any rest, also none.
import { Suspense, type ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { isCaseFileLoginPath } from '../layout/caseFileLoginPath.js';
import { CaseFileLoginTop } from '../layout/CaseFileLoginTop.js';
import { ChatArea } from '../chat/pages/ChatArea.js';
import { PageLoading } from '../layout/PageLoading.js';
import { SiteLayout } from '../layout/SiteLayout.js';
import { CASE_FILE_SERVICE, ServiceAreaContext, sharedPageArea } from '../layout/serviceArea.js';
import { NotFoundPage } from '../pages/NotFoundPage.js';
import { SERVICE_PAGES } from '../pages/services.js';
import { AreaErrorBoundary } from './AreaErrorBoundary.js';
import { lazyPage } from './lazyPage.js';
import { useHistoryEntry } from '../routing/AppRouter.js';
import { useRouteParams } from '../routing/hooks.js';

const ServiceInfoPage = lazyPage(() => import('../pages/ServiceInfoPage.js').then((m) => m.ServiceInfoPage));
const CaseFileArea = lazyPage(() => import('../casefile/CaseFileArea.js').then((m) => m.CaseFileArea));
const MandateTermsPage = lazyPage(() => import('../legal/LegalPages.js').then((m) => m.MandateTermsPage));
const ImprintPage = lazyPage(() => import('../legal/LegalPages.js').then((m) => m.ImprintPage));
const AccessibilityStatementPage = lazyPage(() => import('../legal/LegalPages.js').then((m) => m.AccessibilityStatementPage));
const ServiceHoursPage = lazyPage(() => import('../pages/ServiceHoursPage.js').then((m) => m.ServiceHoursPage));
const LogoutPage = lazyPage(() => import('../pages/LogoutPage.js').then((m) => m.LogoutPage));
const ProtocolPage = lazyPage(() => import('../pages/ProtocolPage.js').then((m) => m.ProtocolPage));
const ProtocolConfirmationPage = lazyPage(() => import('../pages/ProtocolConfirmationPage.js').then((m) => m.ProtocolConfirmationPage));
const MinekoRedirectPage = lazyPage(() => import('../pages/ExternalPages.js').then((m) => m.MinekoRedirectPage));
const ExportInfoPage = lazyPage(() => import('../pages/ExternalPages.js').then((m) => m.ExportInfoPage));

/** p → protokoll, keeping the query string (e.g. ?reference=…) and a reference in the path (p/RC-…). */
function ProtocolShortLink() {
  const { search } = useHistoryEntry();
  const { reference } = useRouteParams();
  const pathname = reference === undefined ? '/protokoll' : `/protokoll/${encodeURIComponent(reference)}`;
  return <Redirect to={`${pathname}${search}`} replace />;
}

/** One error boundary and one Suspense per area. */
function Area({ name, children, fallback = <PageLoading /> }: { readonly name: string; readonly children: ReactNode; readonly fallback?: ReactNode }) {
  return (
    <AreaErrorBoundary area={name}>
      <Suspense fallback={fallback}>{children}</Suspense>
    </AreaErrorBoundary>
  );
}

/** The pages outside both areas: the case file's when the link from there said so (Impressum etc., serviceArea.ts). */
function SharedPagesArea({ children }: { readonly children: ReactNode }) {
  const { search } = useHistoryEntry();
  return <ServiceAreaContext.Provider value={sharedPageArea(search)}>{children}</ServiceAreaContext.Provider>;
}

/** While the case-file area loads: on a login link the frame with the login top, as painted statically. */
function CaseFileAreaLoading() {
  const { pathname } = useHistoryEntry();
  if (!isCaseFileLoginPath(pathname)) return <PageLoading />;
  return (
    <SiteLayout>
      <CaseFileLoginTop />
      <PageLoading />
    </SiteLayout>
  );
}

export function AppRoutes() {
  return (
    <Switch>
      <Route path="/chat/*?">
        <ChatArea />
      </Route>
      {/* The case file brings its own frames: the site layout for public pages, its shell behind the login – named
          "Digitale Fallakte" from the first paint (the static frame of its login says so too, appShell.ts). */}
      <Route path="/digitale-fallakte/*?">
        <ServiceAreaContext.Provider value={CASE_FILE_SERVICE}>
          <Area name="casefile" fallback={<CaseFileAreaLoading />}>
            <CaseFileArea />
          </Area>
        </ServiceAreaContext.Provider>
      </Route>
      <Route>
        <SharedPagesArea>
          <SiteLayout>
            <Switch>
              <Route path="/">
                <Redirect to="/chat" replace />
              </Route>
              {SERVICE_PAGES.map((service) => (
                <Route key={service.path} path={`/${service.path}/*?`}>
                  <Area name="service">
                    <ServiceInfoPage service={service} />
                  </Area>
                </Route>
              ))}
              <Route path="/p">
                <ProtocolShortLink />
              </Route>
              <Route path="/p/:reference">
                <ProtocolShortLink />
              </Route>
              <Route path="/protokoll">
                <Area name="protocol">
                  <ProtocolPage />
                </Area>
              </Route>
              {/* The protocol mail's confirmation link (#<token>); before the reference, which would take the word. */}
              <Route path="/protokoll/bestaetigen">
                <Area name="protocol">
                  <ProtocolConfirmationPage />
                </Area>
              </Route>
              <Route path="/protokoll/:reference">
                <Area name="protocol">
                  <ProtocolPage />
                </Area>
              </Route>
              <Route path="/external/mineko">
                <Area name="external">
                  <MinekoRedirectPage />
                </Area>
              </Route>
              <Route path="/external/:type">
                <Area name="external">
                  <ExportInfoPage />
                </Area>
              </Route>
              <Route path="/ausserhalb-dienstzeit">
                <Area name="service-hours">
                  <ServiceHoursPage />
                </Area>
              </Route>
              <Route path="/logout">
                <Area name="logout">
                  <LogoutPage />
                </Area>
              </Route>
              <Route path="/agb">
                <Area name="legal">
                  <MandateTermsPage />
                </Area>
              </Route>
              <Route path="/impressum">
                <Area name="legal">
                  <ImprintPage />
                </Area>
              </Route>
              <Route path="/barrierefreiheit">
                <Area name="legal">
                  <AccessibilityStatementPage />
                </Area>
              </Route>
              <Route path="/*">
                <NotFoundPage />
              </Route>
            </Switch>
          </SiteLayout>
        </SharedPagesArea>
      </Route>
    </Switch>
  );
}
