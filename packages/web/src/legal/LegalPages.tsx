// The static legal pages; loaded lazily (they are not needed to start a chat).
import { useTranslation } from 'react-i18next';
import { useInjection } from '../app/ContainerContext.js';
import { AppConfigToken } from '../app/tokens.js';
import { legalDe } from '../i18n/de-DE/legal.js';
import { useTexts } from '../i18n/useTexts.js';
import { PageHeading } from '../layout/PageHeading.js';
import { Link } from '../ui/index.js';
import { MANDATE_TERMS, PRIVACY_NOTICE, TERMS_OF_USE, type LegalDocument } from './legalDocuments.js';
import '../pages/pages.css';

/** The legal texts travel with this chunk, not with the entry. */
const LEGAL_TEXTS = [['legal', legalDe]] as const;

function LegalDocumentView({ document }: { readonly document: LegalDocument }) {
  useTexts(LEGAL_TEXTS);
  const { t } = useTranslation('legal');
  return (
    <article>
      <PageHeading>{t(document.titleKey)}</PageHeading>
      {document.sections.map((s) => (
        <section key={s.headingKey}>
          <h2 className="ui-h2 ui-mt-3">{t(s.headingKey)}</h2>
          <p className="ui-text">{t(s.textKey)}</p>
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

/** impressum: the operator's imprint is external when configured. */
export function ImprintPage() {
  useTexts(LEGAL_TEXTS);
  const { t } = useTranslation('legal');
  const { imprintUrl } = useInjection(AppConfigToken);
  return (
    <>
      <PageHeading>{t('Legal.Imprint.Title')}</PageHeading>
      <p className="ui-text ui-mb-2">{t('Legal.Imprint.Text')}</p>
      {imprintUrl && (
        <Link href={imprintUrl} newTab>
          {t('Legal.Imprint.External')}
        </Link>
      )}
    </>
  );
}
