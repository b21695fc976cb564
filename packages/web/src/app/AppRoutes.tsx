// The top-level route table. Everything except the chat is loaded lazily.
import { Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation, useParams } from 'react-router';
import { isCaseFileLoginPath } from '../layout/caseFileLoginPath.js';
import { CaseFileLoginTop } from '../layout/CaseFileLoginTop.js';
import { ChatArea } from '../chat/pages/ChatArea.js';
import { PageLoading } from '../layout/PageLoading.js';
import { SiteLayout } from '../layout/SiteLayout.js';
import { CASE_FILE_SERVICE, ServiceAreaContext } from '../layout/serviceArea.js';
import { NotFoundPage } from '../pages/NotFoundPage.js';
import { SERVICE_PAGES } from '../pages/services.js';
import { AreaErrorBoundary } from './AreaErrorBoundary.js';
import { lazyPage } from './lazyPage.js';

const ServiceInfoPage = lazyPage(() => import('../pages/ServiceInfoPage.js').then((m) => m.ServiceInfoPage));
const CaseFileArea = lazyPage(() => import('../casefile/CaseFileArea.js').then((m) => m.CaseFileArea));
const MandateTermsPage = lazyPage(() => import('../legal/LegalPages.js').then((m) => m.MandateTermsPage));
const ImprintPage = lazyPage(() => import('../legal/LegalPages.js').then((m) => m.ImprintPage));
const AccessibilityStatementPage = lazyPage(() => import('../legal/LegalPages.js').then((m) => m.AccessibilityStatementPage));
const ServiceHoursPage = lazyPage(() => import('../pages/ServiceHoursPage.js').then((m) => m.ServiceHoursPage));
const LogoutPage = lazyPage(() => import('../pages/LogoutPage.js').then((m) => m.LogoutPage));
const ProtocolPage = lazyPage(() => import('../pages/ProtocolPage.js').then((m) => m.ProtocolPage));
const MinekoRedirectPage = lazyPage(() => import('../pages/ExternalPages.js').then((m) => m.MinekoRedirectPage));
const ExportInfoPage = lazyPage(() => import('../pages/ExternalPages.js').then((m) => m.ExportInfoPage));

/** p → protokoll, keeping the query string (e.g. ?reference=…) and a reference in the path (p/RC-…). */
function ProtocolShortLink() {
  const { search } = useLocation();
  const { reference } = useParams();
  const pathname = reference === undefined ? '/protokoll' : `/protokoll/${encodeURIComponent(reference)}`;
  return <Navigate to={{ pathname, search }} replace />;
}

/** One error boundary and one Suspense per area. */
function Area({ name, children, fallback = <PageLoading /> }: { readonly name: string; readonly children: ReactNode; readonly fallback?: ReactNode }) {
  return (
    <AreaErrorBoundary area={name}>
      <Suspense fallback={fallback}>{children}</Suspense>
    </AreaErrorBoundary>
  );
}

/** While the case-file area loads: on a login link the frame with the login top, as painted statically. */
function CaseFileAreaLoading() {
  const { pathname } = useLocation();
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
    <Routes>
      <Route path="chat/*" element={<ChatArea />} />
      {/* The case file brings its own frames: the site layout for public pages, its shell behind the login – named
          "Digitale Fallakte" from the first paint (the static frame of its login says so too, appShell.ts). */}
      <Route
        path="digitale-fallakte/*"
        element={
          <ServiceAreaContext.Provider value={CASE_FILE_SERVICE}>
            <Area name="casefile" fallback={<CaseFileAreaLoading />}>
              <CaseFileArea />
            </Area>
          </ServiceAreaContext.Provider>
        }
      />
      <Route element={<SiteLayout />}>
        <Route index element={<Navigate to="/chat" replace />} />
        {SERVICE_PAGES.map((service) => (
          <Route
            key={service.path}
            path={`${service.path}/*`}
            element={
              <Area name="service">
                <ServiceInfoPage service={service} />
              </Area>
            }
          />
        ))}
        <Route path="p" element={<ProtocolShortLink />} />
        <Route path="p/:reference" element={<ProtocolShortLink />} />
        <Route
          path="protokoll"
          element={
            <Area name="protocol">
              <ProtocolPage />
            </Area>
          }
        />
        <Route
          path="protokoll/:reference"
          element={
            <Area name="protocol">
              <ProtocolPage />
            </Area>
          }
        />
        <Route
          path="external/mineko"
          element={
            <Area name="external">
              <MinekoRedirectPage />
            </Area>
          }
        />
        <Route
          path="external/:type"
          element={
            <Area name="external">
              <ExportInfoPage />
            </Area>
          }
        />
        <Route
          path="ausserhalb-dienstzeit"
          element={
            <Area name="service-hours">
              <ServiceHoursPage />
            </Area>
          }
        />
        <Route
          path="logout"
          element={
            <Area name="logout">
              <LogoutPage />
            </Area>
          }
        />
        <Route
          path="agb"
          element={
            <Area name="legal">
              <MandateTermsPage />
            </Area>
          }
        />
        <Route
          path="impressum"
          element={
            <Area name="legal">
              <ImprintPage />
            </Area>
          }
        />
        <Route
          path="barrierefreiheit"
          element={
            <Area name="legal">
              <AccessibilityStatementPage />
            </Area>
          }
        />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
