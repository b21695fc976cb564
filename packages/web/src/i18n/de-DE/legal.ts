// German legal texts (namespace `legal`): terms of use and privacy notice of the chat, terms of mandate, imprint note.
export const legalDe = {
  'Legal.TermsOfUse.Title': 'Nutzungsbedingungen der Rechtsberatung im Chat',
  'Legal.TermsOfUse.Scope.Heading': '1. Geltungsbereich',
  'Legal.TermsOfUse.Scope.Text':
    'Diese Nutzungsbedingungen gelten für die Nutzung der Plattform „Rechtsberatung im Chat“. Über die Plattform erhalten Versicherte und Beschäftigte teilnehmender Unternehmen eine schriftliche Erstberatung durch unabhängige, in Deutschland zugelassene Rechtsanwältinnen und Rechtsanwälte.',
  'Legal.TermsOfUse.Age.Heading': '2. Mindestalter',
  'Legal.TermsOfUse.Age.Text': 'Die Plattform darf nur nutzen, wer mindestens 18 Jahre alt und voll geschäftsfähig ist.',
  'Legal.TermsOfUse.Free.Heading': '3. Kostenfreie Nutzung',
  'Legal.TermsOfUse.Free.Text':
    'Die Nutzung der Plattform ist für Sie kostenfrei. Die Kosten der Beratung trägt Ihr Versicherer beziehungsweise Ihr Arbeitgeber im Rahmen des vereinbarten Leistungsumfangs. Ihnen werden keine Gebühren in Rechnung gestellt.',
  'Legal.TermsOfUse.Consultation.Heading': '4. Art der Beratung',
  'Legal.TermsOfUse.Consultation.Text':
    'Die Beratung erfolgt in Textform im Chat. Sie ersetzt keine umfassende Prüfung von Unterlagen und keine Vertretung vor Gericht oder gegenüber Dritten. Die Anwältin oder der Anwalt berät Sie unabhängig und ist nicht an Weisungen Ihres Versicherers gebunden.',
  'Legal.TermsOfUse.Callback.Heading': '5. Rückruf',
  'Legal.TermsOfUse.Callback.Text':
    'Ist gerade keine Anwältin und kein Anwalt frei oder lässt sich Ihr Anliegen besser mündlich klären, können Sie einen Rückruf vereinbaren. Dafür geben Sie freiwillig Ihre Telefonnummer und einen Wunschtermin an.',
  'Legal.TermsOfUse.Conduct.Heading': '6. Ihre Pflichten',
  'Legal.TermsOfUse.Conduct.Text':
    'Bitte machen Sie wahrheitsgemäße Angaben und nutzen Sie die Plattform nur für eigene Rechtsfragen. Beleidigende, rechtswidrige oder werbliche Inhalte sind nicht erlaubt. Bei Missbrauch kann der Chat beendet werden.',
  'Legal.TermsOfUse.Availability.Heading': '7. Verfügbarkeit',
  'Legal.TermsOfUse.Availability.Text':
    'Die Beratung ist zu den angegebenen Servicezeiten erreichbar. Einen Anspruch auf ständige Verfügbarkeit gibt es nicht. Bei Wartungsarbeiten oder Störungen kann die Plattform vorübergehend nicht erreichbar sein.',
  'Legal.TermsOfUse.Liability.Heading': '8. Haftung',
  'Legal.TermsOfUse.Liability.Text':
    'Für die anwaltliche Beratung haftet die beratende Anwältin oder der beratende Anwalt nach den berufsrechtlichen Vorschriften. Im Übrigen haftet der Betreiber der Plattform unbeschränkt für Vorsatz und grobe Fahrlässigkeit sowie bei Verletzung von Leben, Körper oder Gesundheit. Bei leichter Fahrlässigkeit haftet er nur, wenn er eine wesentliche Vertragspflicht verletzt – eine Pflicht, deren Erfüllung die Nutzung der Plattform erst ermöglicht und auf deren Einhaltung Sie vertrauen dürfen –, und dann begrenzt auf den vorhersehbaren, vertragstypischen Schaden. Die Haftung nach dem Produkthaftungsgesetz bleibt unberührt.',

  'Legal.Privacy.Title': 'Datenschutzhinweise zur Rechtsberatung im Chat',
  'Legal.Privacy.Controller.Heading': '1. Verantwortliche Stelle',
  'Legal.Privacy.Controller.Text':
    'Verantwortlich für die Verarbeitung Ihrer Daten auf dieser Plattform ist der im Impressum genannte Betreiber. Für die Inhalte der Beratung ist zusätzlich die beratende Anwältin oder der beratende Anwalt verantwortlich, die oder der der anwaltlichen Schweigepflicht unterliegt.',
  'Legal.Privacy.Data.Heading': '2. Welche Daten wir verarbeiten',
  'Legal.Privacy.Data.Text':
    'Wir verarbeiten die Angaben, die Sie im Chat machen, Ihre Versicherungs- oder Zugangsnummer, freiwillig angegebene Kontaktdaten (E-Mail-Adresse, Telefonnummer), hochgeladene Dateien, Ihre Bewertung sowie technische Daten, die für den sicheren Betrieb nötig sind.',
  'Legal.Privacy.Purpose.Heading': '3. Zwecke und Rechtsgrundlagen',
  'Legal.Privacy.Purpose.Text':
    'Die Verarbeitung dient der Durchführung der Rechtsberatung (Art. 6 Abs. 1 lit. b DSGVO), der Abwehr möglicher Haftungsansprüche aus der Beratung und dem sicheren Betrieb der Plattform (beides Art. 6 Abs. 1 lit. f DSGVO) sowie der Erfüllung gesetzlicher Aufbewahrungspflichten (Art. 6 Abs. 1 lit. c DSGVO). Angaben zu Ihrer Gesundheit oder andere besondere Kategorien personenbezogener Daten verarbeiten wir nur, soweit Sie sie für Ihre Beratung selbst mitteilen, und nur, um Ihre Rechtsansprüche zu prüfen, geltend zu machen oder zu verteidigen (Art. 9 Abs. 2 lit. f DSGVO).',
  'Legal.Privacy.Recipients.Heading': '4. Empfänger',
  'Legal.Privacy.Recipients.Text':
    'Ihre Chatinhalte sehen nur die beratenden Anwältinnen und Anwälte. Ihr Versicherer erhält lediglich die Angaben, die für die Abrechnung nötig sind, etwa dass eine Beratung stattgefunden hat, und das Rechtsgebiet. Technische Dienstleister verarbeiten Daten nur in unserem Auftrag.',
  'Legal.Privacy.Retention.Heading': '5. Speicherdauer',
  'Legal.Privacy.Retention.Text':
    'Wir speichern die Daten Ihrer Beratung bis zu zehn Jahre ab ihrem Beginn, um mögliche Haftungsansprüche aus der Beratung abwehren zu können: Solche Ansprüche verjähren spätestens nach zehn Jahren (§ 199 Abs. 3 BGB). Wird aus der Beratung ein Mandat, bewahrt die Kanzlei die Handakte sechs Jahre auf, gerechnet ab dem Ende des Kalenderjahres, in dem das Mandat endete (§ 50 Abs. 1 BRAO). Danach werden die Daten gelöscht. Eine Telefonnummer, die Sie ohne Beratung für einen Rückruf hinterlassen, löschen wir nach 90 Tagen.',
  'Legal.Privacy.Errors.Heading': '6. Fehlerberichte',
  'Legal.Privacy.Errors.Text':
    'Tritt in der Anwendung ein technischer Fehler auf, kann ein Fehlerbericht mit einer kurzen Aufzeichnung des Bildschirmgeschehens erstellt werden. Texte und Eingaben werden dabei unkenntlich gemacht.',
  'Legal.Privacy.Rights.Heading': '7. Ihre Rechte',
  'Legal.Privacy.Rights.Text':
    'Sie haben das Recht auf Auskunft, Berichtigung, Löschung, Einschränkung der Verarbeitung, Datenübertragbarkeit und Widerspruch. Außerdem können Sie sich bei einer Datenschutz-Aufsichtsbehörde beschweren.',

  'Legal.Mandate.Title': 'Mandatsbedingungen',
  'Legal.Mandate.Subject.Heading': '1. Gegenstand des Mandats',
  'Legal.Mandate.Subject.Text':
    'Gegenstand des Mandats ist die im Auftrag beschriebene rechtliche Angelegenheit. Die Kanzlei berät und vertritt Sie im vereinbarten Umfang. Eine darüber hinausgehende Tätigkeit bedarf eines gesonderten Auftrags.',
  'Legal.Mandate.Fees.Heading': '2. Vergütung',
  'Legal.Mandate.Fees.Text':
    'Die Vergütung richtet sich nach dem Rechtsanwaltsvergütungsgesetz, soweit nichts anderes vereinbart ist. Die gesetzlichen Gebühren berechnen sich in der Regel nach dem Gegenstandswert, also dem Wert der Angelegenheit (Hinweis nach § 49b Abs. 5 BRAO). Besteht Deckungsschutz durch Ihre Rechtsschutzversicherung, rechnet die Kanzlei im Rahmen der Deckungszusage mit dem Versicherer ab. Eine vereinbarte Selbstbeteiligung tragen Sie selbst.\n\nHinweis für arbeitsrechtliche Angelegenheiten (§ 12a Abs. 1 ArbGG): Im Urteilsverfahren des ersten Rechtszugs vor dem Arbeitsgericht trägt jede Partei die Kosten ihrer Anwältin oder ihres Anwalts selbst, auch wenn sie gewinnt. Das gilt auch für die Kosten einer Vertretung vor dem Verfahren.',
  'Legal.Mandate.Cooperation.Heading': '3. Ihre Mitwirkung',
  'Legal.Mandate.Cooperation.Text':
    'Bitte informieren Sie die Kanzlei vollständig und rechtzeitig über alle Umstände, die für das Mandat wichtig sind, und stellen Sie die nötigen Unterlagen zur Verfügung. Über Fristen, die Ihnen bekannt werden, unterrichten Sie die Kanzlei bitte unverzüglich.',
  'Legal.Mandate.Communication.Heading': '4. Kommunikation',
  'Legal.Mandate.Communication.Text':
    'Sie sind damit einverstanden, dass die Kanzlei über die digitale Fallakte, per E-Mail und telefonisch mit Ihnen kommuniziert. Dokumente stellt die Kanzlei bevorzugt in der digitalen Fallakte bereit.',
  'Legal.Mandate.Liability.Heading': '5. Haftungsbegrenzung',
  'Legal.Mandate.Liability.Text':
    'Die Haftung der Kanzlei für Fälle einfacher Fahrlässigkeit ist auf den vierfachen Betrag der gesetzlichen Mindestversicherungssumme von 250.000 Euro, also auf 1.000.000 Euro, begrenzt, sofern insoweit Versicherungsschutz besteht (§ 52 Abs. 1 Satz 1 Nr. 2 BRAO). Dies gilt nicht bei Verletzung von Leben, Körper oder Gesundheit.',
  'Legal.Mandate.Termination.Heading': '6. Beendigung',
  'Legal.Mandate.Termination.Text':
    'Sie können das Mandat jederzeit kündigen. Die Kanzlei kann das Mandat aus wichtigem Grund niederlegen; sie wird dabei darauf achten, dass Ihnen keine Nachteile durch laufende Fristen entstehen.',
  'Legal.Mandate.Records.Heading': '7. Aufbewahrung der Handakte',
  'Legal.Mandate.Records.Text':
    'Die Kanzlei bewahrt die Handakte sechs Jahre auf, gerechnet ab dem Ende des Kalenderjahres, in dem das Mandat endete (§ 50 Abs. 1 BRAO), soweit keine längere gesetzliche Frist gilt.',
  'Legal.Mandate.Withdrawal.Heading': '8. Widerrufsbelehrung',
  'Legal.Mandate.Withdrawal.Text':
    'Sind Sie Verbraucherin oder Verbraucher und schließen Sie das Mandat allein über Fernkommunikationsmittel (etwa über die digitale Fallakte, per E-Mail oder am Telefon), gilt: Sie haben das Recht, binnen vierzehn Tagen ohne Angabe von Gründen diesen Vertrag zu widerrufen. Die Widerrufsfrist beträgt vierzehn Tage ab dem Tag des Vertragsabschlusses.\n\nUm Ihr Widerrufsrecht auszuüben, müssen Sie uns – der im Impressum genannten Kanzlei mit ihrer Anschrift, Telefonnummer und E-Mail-Adresse – mittels einer eindeutigen Erklärung (zum Beispiel ein mit der Post versandter Brief oder eine E-Mail) über Ihren Entschluss, diesen Vertrag zu widerrufen, informieren. Sie können dafür das Muster-Widerrufsformular unten verwenden, das jedoch nicht vorgeschrieben ist. Zur Wahrung der Widerrufsfrist reicht es aus, dass Sie die Mitteilung über die Ausübung des Widerrufsrechts vor Ablauf der Widerrufsfrist absenden.\n\nFolgen des Widerrufs: Wenn Sie diesen Vertrag widerrufen, haben wir Ihnen alle Zahlungen, die wir von Ihnen erhalten haben, unverzüglich und spätestens binnen vierzehn Tagen ab dem Tag zurückzuzahlen, an dem die Mitteilung über Ihren Widerruf dieses Vertrags bei uns eingegangen ist. Für diese Rückzahlung verwenden wir dasselbe Zahlungsmittel, das Sie bei der ursprünglichen Transaktion eingesetzt haben, es sei denn, mit Ihnen wurde ausdrücklich etwas anderes vereinbart; in keinem Fall werden Ihnen wegen dieser Rückzahlung Entgelte berechnet. Haben Sie verlangt, dass die Dienstleistungen während der Widerrufsfrist beginnen sollen, so haben Sie uns einen angemessenen Betrag zu zahlen, der dem Anteil der bis zu dem Zeitpunkt, zu dem Sie uns von der Ausübung des Widerrufsrechts hinsichtlich dieses Vertrags unterrichten, bereits erbrachten Dienstleistungen im Vergleich zum Gesamtumfang der im Vertrag vorgesehenen Dienstleistungen entspricht.\n\nMuster-Widerrufsformular (wenn Sie den Vertrag widerrufen wollen, füllen Sie bitte dieses Formular aus und senden Sie es zurück): An die im Impressum genannte Kanzlei mit ihrer Anschrift und E-Mail-Adresse: Hiermit widerrufe(n) ich/wir (*) den von mir/uns (*) abgeschlossenen Vertrag über die Erbringung der folgenden Dienstleistung (*) – Bestellt am (*)/erhalten am (*) – Name des/der Verbraucher(s) – Anschrift des/der Verbraucher(s) – Unterschrift des/der Verbraucher(s) (nur bei Mitteilung auf Papier) – Datum. (*) Unzutreffendes streichen.',

  'Legal.Accessibility.Title': 'Erklärung zur Barrierefreiheit',
  'Legal.Accessibility.Scope.Heading': '1. Geltungsbereich',
  'Legal.Accessibility.Scope.Text':
    'Diese Erklärung gilt für die Rechtsberatung im Chat, die digitale Fallakte und die dazugehörigen Informationsseiten dieser Website. Wir sind bemüht, unsere Dienstleistung im Einklang mit dem Barrierefreiheitsstärkungsgesetz (BFSG) barrierefrei zugänglich zu machen. Maßstab sind die Anforderungen der harmonisierten Norm EN 301 549 und der Web Content Accessibility Guidelines (WCAG) 2.1, Konformitätsstufe AA.',
  'Legal.Accessibility.Status.Heading': '2. Stand der Vereinbarkeit mit den Anforderungen',
  'Legal.Accessibility.Status.Text':
    'Die Website ist mit den genannten Anforderungen teilweise vereinbar. Die Seiten sind vollständig mit der Tastatur bedienbar, haben eine sichtbare Fokusanzeige, beschriftete Formularfelder, Sprunglinks und Überschriftenstruktur; Statusmeldungen wie neue Chatnachrichten, Fehler beim Speichern oder das bevorstehende Ende der Sitzung werden Screenreadern angesagt. Vor einem automatischen Ende der Sitzung werden Sie gewarnt und können sie verlängern.',
  'Legal.Accessibility.Gaps.Heading': '3. Nicht barrierefreie Inhalte',
  'Legal.Accessibility.Gaps.Text':
    'Folgende Inhalte sind nach unserem Kenntnisstand noch nicht barrierefrei: Dokumente, die Sie oder Ihre Kanzlei hochladen, prüfen wir nicht auf Barrierefreiheit. Die PDF-Dokumente, die Sie herunterladen können (Chatprotokoll, Nutzungsbestätigung, Vollmacht), sind getaggte PDF-Dateien: Sprache, Titel, Überschriften, Absätze und Lesereihenfolge sind hinterlegt, die Unterschrift unter der Vollmacht hat einen Alternativtext. Eine Prüfung auf volle Konformität mit PDF/UA steht noch aus. Die Unterschrift unter der Vollmacht kann alternativ zum Zeichnen auch als getippter Name abgegeben werden. Auf Anfrage senden wir Ihnen die Inhalte gern in einem zugänglichen Format, zum Beispiel als Text per E-Mail.',
  'Legal.Accessibility.Method.Heading': '4. Erstellung dieser Erklärung',
  'Legal.Accessibility.Method.Text':
    'Die Bewertung beruht auf einer Selbstbewertung: Jede Seite wird bei jeder Änderung automatisiert mit axe-core auf Verstöße gegen WCAG 2.1 A und AA geprüft, und die wichtigsten Abläufe (Chat, Anmeldung und Bedienung der digitalen Fallakte, Formulare, Dialoge) werden in automatisierten Tests allein mit der Tastatur bedient. Eine Prüfung durch eine unabhängige Prüfstelle hat noch nicht stattgefunden.',
  'Legal.Accessibility.Date': 'Diese Erklärung wurde am {{date}} erstellt und zuletzt überprüft.',
  'Legal.Accessibility.Feedback.Heading': '5. Barrieren melden: Feedback und Kontakt',
  'Legal.Accessibility.Feedback.Text':
    'Sind Ihnen Mängel bei der Barrierefreiheit aufgefallen, oder benötigen Sie Informationen in einer barrierefreien Form? Dann wenden Sie sich bitte an den Betreiber über die Kontaktangaben im Impressum. Wenn Sie eine digitale Fallakte nutzen, können Sie uns auch über „Kontaktieren Sie uns“ in Ihrer Fallakte schreiben. Bitte beschreiben Sie kurz, auf welcher Seite und bei welchem Schritt die Barriere auftritt. Wir antworten Ihnen so schnell wie möglich.',
  'Legal.Accessibility.FeedbackLink': 'Zu den Kontaktangaben im Impressum',
  'Legal.Accessibility.Enforcement.Heading': '6. Marktüberwachung',
  'Legal.Accessibility.Enforcement.Text':
    'Wenn Sie der Ansicht sind, dass diese Dienstleistung die Barrierefreiheitsanforderungen nicht erfüllt, und Ihre Meldung an uns nicht zu einer zufriedenstellenden Lösung geführt hat, können Sie sich an die zuständige Marktüberwachungsbehörde wenden: Marktüberwachungsstelle der Länder für die Barrierefreiheitsanforderungen an Produkte und Dienstleistungen (MLBF), Sitz in Magdeburg, Sachsen-Anhalt.',

  'Legal.Imprint.Title': 'Impressum',
  'Legal.Imprint.Text':
    'Die Anbieterkennzeichnung nach § 5 Digitale-Dienste-Gesetz stellt der Betreiber dieser Plattform bereit. Bitte nutzen Sie den Impressumslink auf der Website Ihrer Versicherung oder Ihrer Kanzlei, falls hier kein externer Link hinterlegt ist.',
  'Legal.Imprint.External': 'Zum Impressum des Betreibers',
  'Legal.Imprint.Provider.Heading': 'Anbieter',
  'Legal.Imprint.Contact.Heading': 'Kontakt',
  'Legal.Imprint.Phone': 'Telefon',
  'Legal.Imprint.Email': 'E-Mail',
  'Legal.Imprint.Profession.Heading': 'Berufsbezeichnung und zuständige Kammer',
  'Legal.Imprint.Profession': 'Berufsbezeichnung: Rechtsanwältin/Rechtsanwalt (verliehen in der Bundesrepublik Deutschland)',
  'Legal.Imprint.Chamber': 'Zuständige Rechtsanwaltskammer: {{chamber}}',
  'Legal.Imprint.Rules.Heading': 'Berufsrechtliche Regelungen',
  'Legal.Imprint.Rules':
    'Es gelten die Bundesrechtsanwaltsordnung (BRAO), die Berufsordnung für Rechtsanwälte (BORA), die Fachanwaltsordnung (FAO), das Rechtsanwaltsvergütungsgesetz (RVG) und die Berufsregeln der Rechtsanwälte der Europäischen Union (CCBE-Berufsregeln). Sie sind bei der Bundesrechtsanwaltskammer einsehbar unter',
  'Legal.Imprint.Insurance.Heading': 'Berufshaftpflichtversicherung',
  'Legal.Imprint.Register.Heading': 'Register und Umsatzsteuer',
  'Legal.Imprint.Register': 'Registereintrag: {{register}}',
  'Legal.Imprint.VatId': 'Umsatzsteuer-Identifikationsnummer nach § 27a Umsatzsteuergesetz: {{vatId}}',
  'Legal.Imprint.Dispute.Heading': 'Streitbeilegung',
  'Legal.Imprint.Dispute':
    'Bei Streitigkeiten zwischen Rechtsanwältinnen und Rechtsanwälten und ihren Auftraggebern ist auf Antrag eine außergerichtliche Streitschlichtung bei der Schlichtungsstelle der Rechtsanwaltschaft möglich: Rauchstraße 26, 10787 Berlin,',

  'Legal.Privacy.Controller.Named': 'Verantwortlich für die Verarbeitung Ihrer Daten auf dieser Plattform ist:',
  'Legal.Privacy.Controller.Lawyer':
    'Für die Inhalte der Beratung ist zusätzlich die beratende Anwältin oder der beratende Anwalt verantwortlich, die oder der der anwaltlichen Schweigepflicht unterliegt.',
  'Legal.Privacy.Controller.Officer': 'Kontaktdaten der oder des Datenschutzbeauftragten: {{officer}}',
  'Legal.Privacy.Controller.NoOfficer': 'Bei Fragen zum Datenschutz wenden Sie sich bitte direkt an uns unter den oben genannten Kontaktdaten.',
  'Legal.Privacy.Rights.Named':
    'Sie haben das Recht auf Auskunft, Berichtigung, Löschung, Einschränkung der Verarbeitung, Datenübertragbarkeit und Widerspruch. Außerdem können Sie sich bei einer Datenschutz-Aufsichtsbehörde beschweren, insbesondere bei der für uns zuständigen: {{authority}}.',
} as const;
