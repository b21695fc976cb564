// The digitale Fallakte area (loaded lazily), its routes:
// public pages in the site frame, the PIN login, and the signed-in screens in the case-file shell.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { Route, Switch } from 'wouter';
import { CASE_FILE_ROOT, loginPath, overviewPath } from '@rechtschat/core';
import { caseFileDe } from '../i18n/de-DE/caseFile.js';
import { caseFileLegalDe } from '../i18n/de-DE/caseFileLegal.js';
import { afterIntlWarmUp } from '../i18n/intlWarmUp.js';
import { useTexts } from '../i18n/useTexts.js';
import { PageHeading } from '../layout/PageHeading.js';
import { sharedPagePath } from '../layout/serviceArea.js';
import { SiteLayout } from '../layout/SiteLayout.js';
import { useRouteParams, useSearchParams } from '../routing/hooks.js';
import { Alert, Paper, RouterLink } from '../ui/index.js';
import './casefile.css';
import { CaseFileLoginPage } from './login/CaseFileLoginPage.js';
import { CaseDetailsPage } from './pages/CaseDetailsPage.js';
import { CaseClosedPage, CaseFilePrivacyPage, CaseFileTermsPage, CaseWithdrawnPage } from './pages/CaseFileLegalPages.js';
import { ContactPage } from './pages/ContactPage.js';
import { DocumentsPage } from './pages/DocumentsPage.js';
import { DocumentUploadsProvider } from './documentUploadsContext.js';
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
  const search = useSearchParams();
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
        <RouterLink to={sharedPagePath('/barrierefreiheit', true)}>{t('CaseFile.Landing.Accessibility')}</RouterLink>
      </nav>
    </>
  );
}

/**
 * Guard plus shell for the signed-in routes of one token: one layout over the questionnaire and the overview,
 * so moving between the file's screens keeps it (and its single check); another token starts afresh.
 */
function SignedIn({ children }: { readonly children: ReactNode }) {
  const { token = '' } = useRouteParams();
  return (
    <RequireCaseFileLogin key={token}>
      <DocumentUploadsProvider>
        <CaseFileShell>{children}</CaseFileShell>
      </DocumentUploadsProvider>
    </RequireCaseFileLogin>
  );
}

function QuestionnaireSent() {
  const { token = '' } = useRouteParams();
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
  const { token = '' } = useRouteParams();
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
  const { token = '' } = useRouteParams();
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

/** Nothing to prepare: the case file's formatters are made on first use, cheaply once the worker has run. */
const formattersOnFirstUse = () => undefined;

const ROOT = CASE_FILE_ROOT;
const QUESTIONNAIRE = `${ROOT}/:token/fragebogen`;
const OVERVIEW = `${ROOT}/:token/uebersicht`;

/**
 * The signed-in screens of a token. Both prefixes of the outer <Switch> render this same element, so moving between
 * questionnaire and overview keeps guard and shell mounted (one check per token).
 */
const signedInScreens = (
  <SignedIn>
    <Switch>
      <Route path={QUESTIONNAIRE}>
        <QuestionnairePage />
      </Route>
      <Route path={`${QUESTIONNAIRE}/abbrechen`}>
        <QuestionnaireCancelled />
      </Route>
      <Route path={`${QUESTIONNAIRE}/versendet`}>
        <QuestionnaireSent />
      </Route>
      <Route path={`${QUESTIONNAIRE}/*`}>
        <CaseFileEndPage />
      </Route>
      <Route path={OVERVIEW}>
        <OverviewPage />
      </Route>
      <Route path={`${OVERVIEW}/falldaten`}>
        <CaseDetailsPage />
      </Route>
      <Route path={`${OVERVIEW}/dokumente`}>
        <DocumentsPage />
      </Route>
      <Route path={`${OVERVIEW}/anwalt/*?`}>
        <LawyerPage />
      </Route>
      <Route path={`${OVERVIEW}/persoenlich`}>
        <PersonalInfoPage />
      </Route>
      <Route path={`${OVERVIEW}/verlauf`}>
        <HistoryPage />
      </Route>
      <Route path={`${OVERVIEW}/kontakt`}>
        <ContactPage />
      </Route>
      <Route path={`${OVERVIEW}/datenschutz`}>
        <CaseFilePrivacyPage />
      </Route>
      <Route path={`${OVERVIEW}/nutzungsbedingungen`}>
        <CaseFileTermsPage />
      </Route>
      <Route path={`${OVERVIEW}/vollmacht`}>
        <PowerOfAttorneyPage />
      </Route>
      <Route path={`${OVERVIEW}/vollmacht/versendet`}>
        <PowerOfAttorneySent />
      </Route>
      <Route path={`${OVERVIEW}/*`}>
        <CaseFileEndPage />
      </Route>
    </Switch>
  </SignedIn>
);

/** Routes below /digitale-fallakte: public pages in the site frame, the signed-in screens in the shell. */
export function CaseFileArea() {
  useTexts(CASE_FILE_TEXTS);
  // While the client signs in, a worker starts the ICU date data the case file's pages format with.
  useEffect(() => afterIntlWarmUp(formattersOnFirstUse), []);
  return (
    <Switch>
      <Route path={`${QUESTIONNAIRE}/*?`}>{signedInScreens}</Route>
      <Route path={`${OVERVIEW}/*?`}>{signedInScreens}</Route>
      <Route>
        <SiteLayout>
          <Switch>
            <Route path={ROOT}>
              <CaseFileLandingPage />
            </Route>
            <Route path={`${ROOT}/nutzungsbedingungen`}>
              <CaseFileTermsPage />
            </Route>
            <Route path={`${ROOT}/datenschutz`}>
              <CaseFilePrivacyPage />
            </Route>
            <Route path={`${ROOT}/fall-abgeschlossen`}>
              <CaseClosedPage />
            </Route>
            <Route path={`${ROOT}/zurueckgezogen`}>
              <CaseWithdrawnPage />
            </Route>
            <Route path={`${ROOT}/:token`}>
              <CaseFileLoginPage />
            </Route>
            <Route path={`${ROOT}/:token/abmelden`}>
              <CaseFileLoggedOutPage />
            </Route>
            <Route path={`${ROOT}/*`}>
              <CaseFileEndPage />
            </Route>
          </Switch>
        </SiteLayout>
      </Route>
    </Switch>
  );
}
