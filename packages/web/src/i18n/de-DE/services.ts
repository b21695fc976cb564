// German texts of the service information pages (namespace `common`); their lazily loaded chunk adds them.
export const servicesDe = {
  'Service.HowToReach.Heading': 'So erreichen Sie diesen Service',
  'Service.HowToReach.Text':
    'Diesen Service öffnen Sie über den persönlichen Link, den Sie von Ihrer Versicherung, Ihrem Arbeitgeber oder Ihrer Kanzlei per E-Mail oder SMS erhalten haben. Ohne diesen Link können wir Ihr Anliegen nicht zuordnen.',
  'Service.HowToReach.Chat': 'Sie haben eine allgemeine Rechtsfrage? Dann beginnen Sie einfach eine Rechtsberatung im Chat.',
  'Service.Callback.Title': 'Rückrufservice',
  'Service.Callback.Text':
    'Eine unabhängige Anwältin oder ein unabhängiger Anwalt ruft Sie zu Ihrem Wunschtermin zurück und berät Sie telefonisch zu Ihrer Rechtsfrage.',
  'Service.ContractCheck.Title': 'Vertragscheck',
  'Service.ContractCheck.Text':
    'Lassen Sie einen Vertrag vor der Unterschrift anwaltlich prüfen. Sie erhalten eine verständliche Einschätzung der wichtigsten Punkte und Risiken.',
  'Service.LiveDocuments.Title': 'Live-Zugriff auf Unterlagen',
  'Service.LiveDocuments.Text':
    'Während einer Beratung können Sie Ihrer Anwältin oder Ihrem Anwalt Unterlagen sicher zur Ansicht freigeben, ohne sie per E-Mail zu versenden.',
  'Service.OnlineConsultation.Title': 'Onlineberatung',
  'Service.OnlineConsultation.Text':
    'Schildern Sie Ihr Anliegen schriftlich. Eine unabhängige Anwältin oder ein unabhängiger Anwalt antwortet Ihnen mit einer rechtlichen Ersteinschätzung.',
  'Service.WebsiteCheck.Title': 'Website-Check',
  'Service.WebsiteCheck.Text':
    'Ihre Website wird auf die wichtigsten rechtlichen Pflichtangaben geprüft, etwa Impressum, Datenschutzerklärung und Cookie-Hinweise.',
  'Service.PhoneWithProtocol.Title': 'Telefonberatung mit Protokoll',
  'Service.PhoneWithProtocol.Text': 'Sie werden telefonisch beraten und erhalten anschließend ein schriftliches Protokoll des Gesprächs.',
  'Service.DebtCollection.Title': 'Inkasso',
  'Service.DebtCollection.Text':
    'Wenn Ihnen jemand Geld schuldet, unterstützt Sie eine Kanzlei dabei, offene Forderungen außergerichtlich und gerichtlich durchzusetzen.',
  'Service.FollowUp.Title': 'Folgeberatung',
  'Service.FollowUp.Text':
    'Sie haben zu einer bereits begonnenen Beratung weitere Fragen? In der Folgeberatung knüpft die Anwältin oder der Anwalt an Ihr bisheriges Anliegen an.',
  'Service.Consent.Title': 'Einverständnis zur Deckungsabfindung',
  'Service.Consent.Text':
    'Hier erklären Sie Ihr Einverständnis zu einer Abfindung der Deckung durch Ihre Rechtsschutzversicherung, die Ihnen zuvor angeboten wurde.',
  'Service.TermsCheck.Title': 'AGB-Check',
  'Service.TermsCheck.Text': 'Allgemeine Geschäftsbedingungen werden anwaltlich auf unwirksame oder überraschende Klauseln geprüft.',
  'Service.MandateCase.Title': 'Mandatsfall',
  'Service.MandateCase.Text': 'Ihr Anliegen wird von einer Partnerkanzlei als Mandat übernommen und über die Beratung hinaus vertreten.',
  'Service.ControlledCase.Title': 'Anwaltsvermittlung',
  'Service.ControlledCase.Text': 'Ihre Versicherung vermittelt Ihnen eine geeignete Partnerkanzlei in Ihrer Nähe, die Ihren Fall übernimmt.',
  'Service.CoverageCompensation.Title': 'Deckungsabfindung',
  'Service.CoverageCompensation.Text':
    'Statt die Kosten eines Rechtsstreits zu übernehmen, kann Ihnen Ihre Rechtsschutzversicherung einen einmaligen Abfindungsbetrag anbieten. Sie entscheiden selbst, ob Sie das Angebot annehmen und Ihr Anliegen eigenständig weiterverfolgen.',
  'Service.CoverageCompensation.Points':
    'Das Angebot erhalten Sie schriftlich von Ihrer Versicherung. Mit der Annahme ist der Versicherungsfall abgeschlossen; eine spätere Kostenübernahme für denselben Fall ist dann ausgeschlossen.',
  'Service.Export.Title': 'Datenexport',
  'Service.Export.Text': 'Der Export „{{type}}“ wird über einen persönlichen Link bereitgestellt. Bitte öffnen Sie den Link, den Sie erhalten haben.',
  'Service.Export.TextUnnamed': 'Exporte werden über einen persönlichen Link bereitgestellt. Bitte öffnen Sie den Link, den Sie erhalten haben.',
} as const;
