// nutzungsbedingungen, datenschutz and fall-abgeschlossen of the case file (also inside the signed-in shell), and zurueckgezogen,
// where the link of a case file the firm withdrew leads.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useInjection } from '../../app/ContainerContext.js';
import { AppConfigToken } from '../../app/tokens.js';
import { PageHeading } from '../../layout/PageHeading.js';
import { FirmAddress } from '../../legal/FirmAddress.js';
import { firmDetailsOf, namesController } from '../../legal/firmDetails.js';

const section = (name: string) => ({ heading: `${name}.Heading`, text: `${name}.Text` });

export const CASE_FILE_TERMS = {
  title: 'CaseFile.Terms.Title',
  sections: ['Scope', 'Access', 'Uploads', 'Signature', 'Session', 'Availability'].map((s) => section(`CaseFile.Terms.${s}`)),
};
export const CASE_FILE_PRIVACY = {
  title: 'CaseFile.Privacy.Title',
  sections: ['Controller', 'Data', 'Purpose', 'Retention', 'Security', 'Rights'].map((s) => section(`CaseFile.Privacy.${s}`)),
};

/** `instead`: content shown instead of a section's text, by the section's heading key (the firm named as controller). */
function LegalText({ document, instead = {} }: { readonly document: typeof CASE_FILE_TERMS; readonly instead?: Readonly<Record<string, ReactNode>> }) {
  const { t } = useTranslation('common');
  return (
    <article>
      <PageHeading>{t(document.title)}</PageHeading>
      {document.sections.map((s) => (
        <section key={s.heading}>
          <h2 className="ui-h2 ui-mt-3">{t(s.heading)}</h2>
          {instead[s.heading] ?? <p className="ui-text">{t(s.text)}</p>}
        </section>
      ))}
    </article>
  );
}

export function CaseFileTermsPage() {
  return <LegalText document={CASE_FILE_TERMS} />;
}

/**
 * datenschutz of the case file: names the firm as controller – name (with its legal form, once), address, contact, the
 * data-protection officer when given, else how to reach the firm about data protection – and its supervisory authority
 * when given; without an address or contact the general sentences stay.
 */
export function CaseFilePrivacyPage() {
  const { t } = useTranslation('common');
  const details = firmDetailsOf(useInjection(AppConfigToken));
  const instead: Record<string, ReactNode> = {};
  if (namesController(details)) {
    instead['CaseFile.Privacy.Controller.Heading'] = (
      <>
        <p className="ui-text ui-mb-1">{t('CaseFile.Privacy.Controller.Named')}</p>
        <FirmAddress details={details} phoneLabel={t('CaseFile.Privacy.Phone')} emailLabel={t('CaseFile.Privacy.Email')} />
        <p className="ui-text">
          {details.DataProtectionOfficer !== ''
            ? t('CaseFile.Privacy.Controller.Officer', { officer: details.DataProtectionOfficer })
            : t('CaseFile.Privacy.Controller.NoOfficer')}
        </p>
      </>
    );
  }
  if (details !== null && details.SupervisoryAuthority !== '') {
    instead['CaseFile.Privacy.Rights.Heading'] = <p className="ui-text">{t('CaseFile.Privacy.Rights.Named', { authority: details.SupervisoryAuthority })}</p>;
  }
  return <LegalText document={CASE_FILE_PRIVACY} instead={instead} />;
}

export function CaseClosedPage() {
  const { t } = useTranslation('common');
  return (
    <>
      <PageHeading>{t('CaseFile.Closed.Title')}</PageHeading>
      <p className="ui-text ui-mb-2">{t('CaseFile.Closed.Text')}</p>
      <p className="ui-text">{t('CaseFile.Closed.Retention')}</p>
    </>
  );
}

/**
 * zurueckgezogen: the firm withdrew the file (created by mistake) before the client ever signed in. Says so and how to
 * reach the firm – its public details, as on the privacy page; nothing of the file itself (no PIN was given).
 */
export function CaseWithdrawnPage() {
  const { t } = useTranslation('common');
  const details = firmDetailsOf(useInjection(AppConfigToken));
  return (
    <>
      <PageHeading>{t('CaseFile.Withdrawn.Title')}</PageHeading>
      <p className="ui-text ui-mb-2">{t('CaseFile.Withdrawn.Text')}</p>
      <p className="ui-text ui-mb-3">{t('CaseFile.Withdrawn.NewLink')}</p>
      <section aria-labelledby="fallakte-kanzlei">
        <h2 id="fallakte-kanzlei" className="ui-h2">
          {t('CaseFile.Withdrawn.ContactHeading')}
        </h2>
        {namesController(details) ? (
          <FirmAddress details={details} phoneLabel={t('CaseFile.Privacy.Phone')} emailLabel={t('CaseFile.Privacy.Email')} />
        ) : (
          <p className="ui-text">{t('CaseFile.Withdrawn.Contact')}</p>
        )}
      </section>
    </>
  );
}
