// The customer-facing services behind the top-level route prefixes whose content the specification leaves open.
// Each gets an information page naming the service and how to reach it.

export interface ServiceInfo {
  /** Route prefix (sub-paths show the same page). */
  readonly path: string;
  readonly titleKey: string;
  readonly textKey: string;
  readonly extraKey?: string;
}

export const SERVICE_PAGES: readonly ServiceInfo[] = [
  { path: 'rueckruf', titleKey: 'Service.Callback.Title', textKey: 'Service.Callback.Text' },
  { path: 'vertragscheck', titleKey: 'Service.ContractCheck.Title', textKey: 'Service.ContractCheck.Text' },
  { path: 'live-unterlagen-zugriff', titleKey: 'Service.LiveDocuments.Title', textKey: 'Service.LiveDocuments.Text' },
  { path: 'onlineberatung', titleKey: 'Service.OnlineConsultation.Title', textKey: 'Service.OnlineConsultation.Text' },
  { path: 'website-check', titleKey: 'Service.WebsiteCheck.Title', textKey: 'Service.WebsiteCheck.Text' },
  { path: 'telefonberatung-mit-protokoll', titleKey: 'Service.PhoneWithProtocol.Title', textKey: 'Service.PhoneWithProtocol.Text' },
  { path: 'inkasso', titleKey: 'Service.DebtCollection.Title', textKey: 'Service.DebtCollection.Text' },
  { path: 'follow-up', titleKey: 'Service.FollowUp.Title', textKey: 'Service.FollowUp.Text' },
  { path: 'einverstaendnis', titleKey: 'Service.Consent.Title', textKey: 'Service.Consent.Text', extraKey: 'Service.CoverageCompensation.Points' },
  { path: 'agb-check', titleKey: 'Service.TermsCheck.Title', textKey: 'Service.TermsCheck.Text' },
  { path: 'mandatsfall', titleKey: 'Service.MandateCase.Title', textKey: 'Service.MandateCase.Text' },
  { path: 'steuerungsfall', titleKey: 'Service.ControlledCase.Title', textKey: 'Service.ControlledCase.Text' },
  // Both prefixes are the same coverage-compensation flow.
  {
    path: 'deckungsabfindung',
    titleKey: 'Service.CoverageCompensation.Title',
    textKey: 'Service.CoverageCompensation.Text',
    extraKey: 'Service.CoverageCompensation.Points',
  },
  {
    path: 'deckungsabloese',
    titleKey: 'Service.CoverageCompensation.Title',
    textKey: 'Service.CoverageCompensation.Text',
    extraKey: 'Service.CoverageCompensation.Points',
  },
];
