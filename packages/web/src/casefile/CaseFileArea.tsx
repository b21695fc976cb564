// The digitale Fallakte area (loaded lazily), its routes:
// public pages in the site frame, the PIN login, and the signed-in screens in the case-file shell.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, Route, Routes, useParams, useSearchParams } from 'react-router';
import { CASE_FILE_ROOT, loginPath, overviewPath } from '@rechtschat/core';
import { caseFileDe } from '../i18n/de-DE/caseFile.js';
import { caseFileLegalDe } from '../i18n/de-DE/caseFileLegal.js';
import { afterIntlWarmUp } from '../i18n/intlWarmUp.js';
import { useTexts } from '../i18n/useTexts.js';
import { PageHeading } from '../layout/PageHeading.js';
import { SiteLayout } from '../layout/SiteLayout.js';
import { Alert, Paper, RouterLink } from '../ui/index.js';
import './casefile.css';
import { CaseFileLoginPage } from './login/CaseFileLoginPage.js';
import { CaseDetailsPage } from './pages/CaseDetailsPage.js';
import { CaseClosedPage, CaseFilePrivacyPage, CaseFileTermsPage } from './pages/CaseFileLegalPages.js';
import { ContactPage } from './pages/ContactPage.js';
import { DocumentsPage } from './pages/DocumentsPage.js';
import { CaseFileEndPage, CaseFileLoggedOutPage, ConfirmationPage } from './pages/EndPages.js';
import { HistoryPage } from './pages/HistoryPage.js';
import { LawyerPage } from './pages/LawyerPage.js';
import { OverviewPage } from './pages/OverviewPage.js';
import { PersonalInfoPage } from './pages/PersonalInfoPage.js';
import { PowerOfAttorneyPage } from './pages/PowerOfAttorneyPage.js';
import { QuestionnairePage } from './pages/QuestionnairePage.js';
import { CaseFileShell } from './shell/CaseFileShell.js';
import { RequireCaseFileLogin } from './shell/RequireCaseFileLogin.js';

const CASE_FILE_TEXTS = [
  ['common', caseFileDe],
  ['common', caseFileLegalDe],
] as const;

/** digitale-fallakte: what the case file is and that the personal link is needed. */
export function CaseFileLandingPage() {
  const { t } = useTranslation('common');
  // Sent here by a link that names no case file (core's INVALID_LINK_LANDING): say so first.
  const [search] = useSearchParams();
  const linkInvalid = search.get('link') === 'ungueltig';
  return (
    <>
      <PageHeading>{t('CaseFile.Landing.Title')}</PageHeading>
      {linkInvalid && (
        <Alert severity="warning" role="status" title={t('CaseFile.Landing.InvalidLinkTitle')} className="ui-mb-2">
          {t('CaseFile.Landing.InvalidLinkText')}
        </Alert>
      )}
      <p className="ui-text ui-mb-3">{t('CaseFile.Landing.Intro')}</p>
      <Paper component="section" aria-labelledby="fallakte-link" className="ui-mb-2">
        <h2 id="fallakte-link" className="ui-h2">
          {t('CaseFile.Landing.LinkHeading')}
        </h2>
        <p className="ui-text ui-mb-1">{t('CaseFile.Landing.LinkText')}</p>
        <p className="ui-text">{t('CaseFile.Landing.NoLink')}</p>
      </Paper>
      <section aria-labelledby="fallakte-schutz">
        <h2 id="fallakte-schutz" className="ui-h2">
          {t('CaseFile.Landing.SecurityHeading')}
        </h2>
        <p className="ui-text ui-mb-2">{t('CaseFile.Landing.SecurityText')}</p>
      </section>
      <nav aria-label={t('CaseFile.Landing.LegalLinks')} className="casefile-legal-links">
        <RouterLink to={`${CASE_FILE_ROOT}/datenschutz`}>{t('CaseFile.Menu.Privacy')}</RouterLink>
        <RouterLink to={`${CASE_FILE_ROOT}/nutzungsbedingungen`}>{t('CaseFile.Menu.Terms')}</RouterLink>
        <RouterLink to="/barrierefreiheit">{t('CaseFile.Landing.Accessibility')}</RouterLink>
      </nav>
    </>
  );
}

/**
 * Guard plus shell for the signed-in routes of one token: one layout over the questionnaire and the overview,
 * so moving between the file's screens keeps it (and its single check); another token starts afresh.
 */
function SignedIn() {
  const { token = '' } = useParams();
  return (
    <RequireCaseFileLogin key={token}>
      <CaseFileShell />
    </RequireCaseFileLogin>
  );
}

function QuestionnaireSent() {
  const { token = '' } = useParams();
  return (
    <ConfirmationPage
      titleKey="CaseFile.Questionnaire.Sent.Title"
      textKey="CaseFile.Questionnaire.Sent.Text"
      actions={[{ to: overviewPath(token), labelKey: 'CaseFile.ToOverview' }]}
      onlyAfterSendingElse={`${loginPath(token)}/fragebogen`}
    />
  );
}

function QuestionnaireCancelled() {
  const { token = '' } = useParams();
  return (
    <ConfirmationPage
      titleKey="CaseFile.Questionnaire.Cancelled.Title"
      textKey="CaseFile.Questionnaire.Cancelled.Text"
      actions={[
        { to: `${loginPath(token)}/fragebogen`, labelKey: 'CaseFile.Questionnaire.Again' },
        { to: overviewPath(token), labelKey: 'CaseFile.ToOverview' },
      ]}
    />
  );
}

function PowerOfAttorneySent() {
  const { token = '' } = useParams();
  return (
    <ConfirmationPage
      titleKey="CaseFile.PowerOfAttorney.Sent.Title"
      textKey="CaseFile.PowerOfAttorney.Sent.Text"
      actions={[
        { to: `${overviewPath(token)}/dokumente`, labelKey: 'CaseFile.PowerOfAttorney.ToDocuments' },
        { to: overviewPath(token), labelKey: 'CaseFile.ToOverview' },
      ]}
      onlyAfterSendingElse={`${overviewPath(token)}/vollmacht`}
    />
  );
}

/** Routes below /digitale-fallakte. */
/** Nothing to prepare: the case file's formatters are made on first use, cheaply once the worker has run. */
const formattersOnFirstUse = () => undefined;

export function CaseFileArea() {
  useTexts(CASE_FILE_TEXTS);
  // While the client signs in, a worker starts the ICU date data the case file's pages format with.
  useEffect(() => afterIntlWarmUp(formattersOnFirstUse), []);
  return (
    <Routes>
      <Route
        element={
          <SiteLayout>
            <Outlet />
          </SiteLayout>
        }
      >
        <Route index element={<CaseFileLandingPage />} />
        <Route path="nutzungsbedingungen" element={<CaseFileTermsPage />} />
        <Route path="datenschutz" element={<CaseFilePrivacyPage />} />
        <Route path="fall-abgeschlossen" element={<CaseClosedPage />} />
        <Route path=":token" element={<CaseFileLoginPage />} />
        <Route path=":token/abmelden" element={<CaseFileLoggedOutPage />} />
      </Route>
      <Route element={<SignedIn />}>
        <Route path=":token/fragebogen">
          <Route index element={<QuestionnairePage />} />
          <Route path="abbrechen" element={<QuestionnaireCancelled />} />
          <Route path="versendet" element={<QuestionnaireSent />} />
          <Route path="*" element={<CaseFileEndPage />} />
        </Route>
        <Route path=":token/uebersicht">
          <Route index element={<OverviewPage />} />
          <Route path="falldaten" element={<CaseDetailsPage />} />
          <Route path="dokumente" element={<DocumentsPage />} />
          <Route path="anwalt/*" element={<LawyerPage />} />
          <Route path="persoenlich" element={<PersonalInfoPage />} />
          <Route path="verlauf" element={<HistoryPage />} />
          <Route path="kontakt" element={<ContactPage />} />
          <Route path="datenschutz" element={<CaseFilePrivacyPage />} />
          <Route path="nutzungsbedingungen" element={<CaseFileTermsPage />} />
          <Route path="vollmacht" element={<PowerOfAttorneyPage />} />
          <Route path="vollmacht/versendet" element={<PowerOfAttorneySent />} />
          <Route path="*" element={<CaseFileEndPage />} />
        </Route>
      </Route>
      <Route
        element={
          <SiteLayout>
            <Outlet />
          </SiteLayout>
        }
      >
        <Route path="*" element={<CaseFileEndPage />} />
      </Route>
    </Routes>
  );
}
