// The static legal pages; loaded lazily (they are not needed to start a chat).
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useInjection } from '../app/ContainerContext.js';
import { AppConfigToken } from '../app/tokens.js';
import { legalDe } from '../i18n/de-DE/legal.js';
import { useTexts } from '../i18n/useTexts.js';
import { PageHeading } from '../layout/PageHeading.js';
import { sharedPagePath, useInCaseFileArea } from '../layout/serviceArea.js';
import { Link, RouterLink } from '../ui/index.js';
import { FirmAddress, FirmContact } from './FirmAddress.js';
import { firmDetailsOf, namesController } from './firmDetails.js';
import { ACCESSIBILITY_STATEMENT, ACCESSIBILITY_STATEMENT_DATE, MANDATE_TERMS, PRIVACY_NOTICE, TERMS_OF_USE, type LegalDocument } from './legalDocuments.js';
import '../pages/pages.css';

/** The legal texts travel with this chunk, not with the entry. */
const LEGAL_TEXTS = [['legal', legalDe]] as const;

interface LegalDocumentViewProps {
  readonly document: LegalDocument;
  /** Content shown below a section's text, by the section's heading key (links, a date). */
  readonly after?: Readonly<Record<string, ReactNode>>;
  /** Content shown instead of a section's text, by the section's heading key (the firm named as controller). */
  readonly instead?: Readonly<Record<string, ReactNode>>;
}

function LegalDocumentView({ document, after = {}, instead = {} }: LegalDocumentViewProps) {
  useTexts(LEGAL_TEXTS);
  const { t } = useTranslation('legal');
  return (
    <article>
      <PageHeading>{t(document.titleKey)}</PageHeading>
      {document.sections.map((s) => (
        <section key={s.headingKey}>
          <h2 className="ui-h2 ui-mt-3">{t(s.headingKey)}</h2>
          {/* A blank line in a text starts a new paragraph (the Widerrufsbelehrung has several). */}
          {instead[s.headingKey] ??
            t(s.textKey)
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

/**
 * chat/datenschutz: names the firm as controller – name (with its legal form, once), address, contact, the
 * data-protection officer when given, else how to reach the firm about data protection – and its supervisory
 * authority when given; without an address or contact the general sentences stay.
 */
export function PrivacyPage() {
  useTexts(LEGAL_TEXTS);
  const { t } = useTranslation('legal');
  const details = firmDetailsOf(useInjection(AppConfigToken));
  const instead: Record<string, ReactNode> = {};
  if (namesController(details)) {
    instead['Legal.Privacy.Controller.Heading'] = (
      <>
        <p className="ui-text ui-mb-1">{t('Legal.Privacy.Controller.Named')}</p>
        <FirmAddress details={details} phoneLabel={t('Legal.Imprint.Phone')} emailLabel={t('Legal.Imprint.Email')} />
        <p className="ui-text ui-mb-2">
          {details.DataProtectionOfficer !== ''
            ? t('Legal.Privacy.Controller.Officer', { officer: details.DataProtectionOfficer })
            : t('Legal.Privacy.Controller.NoOfficer')}
        </p>
        <p className="ui-text">{t('Legal.Privacy.Controller.Lawyer')}</p>
      </>
    );
  }
  if (details !== null && details.SupervisoryAuthority !== '') {
    instead['Legal.Privacy.Rights.Heading'] = <p className="ui-text">{t('Legal.Privacy.Rights.Named', { authority: details.SupervisoryAuthority })}</p>;
  }
  return <LegalDocumentView document={PRIVACY_NOTICE} instead={instead} />;
}

/** agb: terms of mandate */
export function MandateTermsPage() {
  return <LegalDocumentView document={MANDATE_TERMS} />;
}

/** One part of the imprint: a heading and its content. */
function ImprintSection({ heading, children }: { readonly heading: string; readonly children: ReactNode }) {
  return (
    <section>
      <h2 className="ui-h2 ui-mt-3">{heading}</h2>
      {children}
    </section>
  );
}

/**
 * impressum: the firm's details as a German law firm's imprint (§ 5 DDG, § 2 DL-InfoV) – provider, contact, professional
 * title and chamber, the professional rules, the liability insurance, register and VAT id, dispute resolution. An item
 * the firm left empty is left out. IMPRINT_URL, when set, is linked as well. Without any firm (the Vite dev server) the
 * built-in note stays.
 */
export function ImprintPage() {
  useTexts(LEGAL_TEXTS);
  const { t } = useTranslation('legal');
  const config = useInjection(AppConfigToken);
  const details = firmDetailsOf(config);
  const external = config.imprintUrl && (
    <p className="ui-text ui-mt-3">
      <Link href={config.imprintUrl} newTab>
        {t('Legal.Imprint.External')}
      </Link>
    </p>
  );
  if (details === null) {
    return (
      <>
        <PageHeading>{t('Legal.Imprint.Title')}</PageHeading>
        <p className="ui-text ui-mb-2">{t('Legal.Imprint.Text')}</p>
        {external}
      </>
    );
  }
  const hasContact = details.Phone !== '' || details.Email !== '';
  return (
    <article>
      <PageHeading>{t('Legal.Imprint.Title')}</PageHeading>
      <ImprintSection heading={t('Legal.Imprint.Provider.Heading')}>
        <FirmAddress details={details} contact={false} phoneLabel={t('Legal.Imprint.Phone')} emailLabel={t('Legal.Imprint.Email')} />
      </ImprintSection>
      {hasContact && (
        <ImprintSection heading={t('Legal.Imprint.Contact.Heading')}>
          <p className="ui-text">
            <FirmContact details={details} phoneLabel={t('Legal.Imprint.Phone')} emailLabel={t('Legal.Imprint.Email')} />
          </p>
        </ImprintSection>
      )}
      <ImprintSection heading={t('Legal.Imprint.Profession.Heading')}>
        <p className="ui-text ui-mb-1">{t('Legal.Imprint.Profession')}</p>
        {details.BarChamber !== '' && <p className="ui-text">{t('Legal.Imprint.Chamber', { chamber: details.BarChamber })}</p>}
      </ImprintSection>
      <ImprintSection heading={t('Legal.Imprint.Rules.Heading')}>
        <p className="ui-text">
          {t('Legal.Imprint.Rules')}{' '}
          <Link href="https://www.brak.de" newTab>
            www.brak.de
          </Link>
          .
        </p>
      </ImprintSection>
      {details.LiabilityInsurance !== '' && (
        <ImprintSection heading={t('Legal.Imprint.Insurance.Heading')}>
          <p className="ui-text">{details.LiabilityInsurance}</p>
        </ImprintSection>
      )}
      {(details.Register !== '' || details.VatId !== '') && (
        <ImprintSection heading={t('Legal.Imprint.Register.Heading')}>
          {details.Register !== '' && <p className="ui-text ui-mb-1">{t('Legal.Imprint.Register', { register: details.Register })}</p>}
          {details.VatId !== '' && <p className="ui-text">{t('Legal.Imprint.VatId', { vatId: details.VatId })}</p>}
        </ImprintSection>
      )}
      <ImprintSection heading={t('Legal.Imprint.Dispute.Heading')}>
        <p className="ui-text">
          {t('Legal.Imprint.Dispute')}{' '}
          <Link href="https://www.s-d-r.org" newTab>
            www.s-d-r.org
          </Link>
          .
        </p>
      </ImprintSection>
      {external}
    </article>
  );
}

/** barrierefreiheit: the accessibility statement, linked wherever Impressum and Datenschutz are. */
export function AccessibilityStatementPage() {
  useTexts(LEGAL_TEXTS);
  const { t } = useTranslation('legal');
  const { imprintUrl } = useInjection(AppConfigToken);
  const inCaseFile = useInCaseFileArea();
  const date = new Intl.DateTimeFormat('de-DE', { dateStyle: 'long', timeZone: 'Europe/Berlin' }).format(new Date(`${ACCESSIBILITY_STATEMENT_DATE}T12:00:00Z`));
  return (
    <LegalDocumentView
      document={ACCESSIBILITY_STATEMENT}
      after={{
        'Legal.Accessibility.Method.Heading': <p className="ui-text">{t('Legal.Accessibility.Date', { date })}</p>,
        'Legal.Accessibility.Feedback.Heading': (
          <p className="ui-text">
            {imprintUrl ? (
              <Link href={imprintUrl} newTab standalone>
                {t('Legal.Accessibility.FeedbackLink')}
              </Link>
            ) : (
              <RouterLink to={sharedPagePath('/impressum', inCaseFile)} standalone>
                {t('Legal.Accessibility.FeedbackLink')}
              </RouterLink>
            )}
          </p>
        ),
      }}
    />
  );
}
