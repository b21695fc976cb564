// The static legal pages; loaded lazily (they are not needed to start a chat).
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useInjection } from '../app/ContainerContext.js';
import { AppConfigToken } from '../app/tokens.js';
import { legalDe } from '../i18n/de-DE/legal.js';
import { useTexts } from '../i18n/useTexts.js';
import { PageHeading } from '../layout/PageHeading.js';
import { Link, RouterLink } from '../ui/index.js';
import { ACCESSIBILITY_STATEMENT, ACCESSIBILITY_STATEMENT_DATE, MANDATE_TERMS, PRIVACY_NOTICE, TERMS_OF_USE, type LegalDocument } from './legalDocuments.js';
import '../pages/pages.css';

/** The legal texts travel with this chunk, not with the entry. */
const LEGAL_TEXTS = [['legal', legalDe]] as const;

/** `after`: content shown below a section's text, by the section's heading key (links, a date). */
function LegalDocumentView({ document, after = {} }: { readonly document: LegalDocument; readonly after?: Readonly<Record<string, ReactNode>> }) {
  useTexts(LEGAL_TEXTS);
  const { t } = useTranslation('legal');
  return (
    <article>
      <PageHeading>{t(document.titleKey)}</PageHeading>
      {document.sections.map((s) => (
        <section key={s.headingKey}>
          <h2 className="ui-h2 ui-mt-3">{t(s.headingKey)}</h2>
          {/* A blank line in a text starts a new paragraph (the Widerrufsbelehrung has several). */}
          {t(s.textKey)
            .split('\n\n')
            .map((paragraph) => (
              <p key={paragraph} className="ui-text">
                {paragraph}
              </p>
            ))}
          {after[s.headingKey]}
        </section>
      ))}
    </article>
  );
}

/** chat/nutzungsbedingungen */
export function TermsOfUsePage() {
  return <LegalDocumentView document={TERMS_OF_USE} />;
}

/** chat/datenschutz */
export function PrivacyPage() {
  return <LegalDocumentView document={PRIVACY_NOTICE} />;
}

/** agb: terms of mandate */
export function MandateTermsPage() {
  return <LegalDocumentView document={MANDATE_TERMS} />;
}

/** impressum: names the firm (FIRM_NAME) and links its own imprint (IMPRINT_URL) when configured – runtime settings. */
export function ImprintPage() {
  useTexts(LEGAL_TEXTS);
  const { t } = useTranslation('legal');
  const { imprintUrl, firmName } = useInjection(AppConfigToken);
  return (
    <>
      <PageHeading>{t('Legal.Imprint.Title')}</PageHeading>
      {firmName && <p className="ui-text ui-mb-2">{t('Legal.Imprint.Provider', { firmName })}</p>}
      <p className="ui-text ui-mb-2">{t('Legal.Imprint.Text')}</p>
      {imprintUrl && (
        <Link href={imprintUrl} newTab>
          {t('Legal.Imprint.External')}
        </Link>
      )}
    </>
  );
}

/** barrierefreiheit: the accessibility statement, linked wherever Impressum and Datenschutz are. */
export function AccessibilityStatementPage() {
  useTexts(LEGAL_TEXTS);
  const { t } = useTranslation('legal');
  const { imprintUrl } = useInjection(AppConfigToken);
  const date = new Intl.DateTimeFormat('de-DE', { dateStyle: 'long', timeZone: 'Europe/Berlin' }).format(new Date(`${ACCESSIBILITY_STATEMENT_DATE}T12:00:00Z`));
  return (
    <LegalDocumentView
      document={ACCESSIBILITY_STATEMENT}
      after={{
        'Legal.Accessibility.Method.Heading': <p className="ui-text">{t('Legal.Accessibility.Date', { date })}</p>,
        'Legal.Accessibility.Feedback.Heading': (
          <p className="ui-text">
            {imprintUrl ? (
              <Link href={imprintUrl} newTab>
                {t('Legal.Accessibility.FeedbackLink')}
              </Link>
            ) : (
              <RouterLink to="/impressum">{t('Legal.Accessibility.FeedbackLink')}</RouterLink>
            )}
          </p>
        ),
      }}
    />
  );
}
