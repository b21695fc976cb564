// German legal texts of the digital case file (namespace `common`): terms of use, privacy notice and the
// "case closed" page. Its lazily loaded chunk adds them.
export const caseFileLegalDe = {
  'CaseFile.Terms.Title': 'Nutzungsbedingungen der digitalen Fallakte',
  'CaseFile.Terms.Scope.Heading': '1. Geltungsbereich',
  'CaseFile.Terms.Scope.Text':
    'Diese Bedingungen gelten für die Nutzung der digitalen Fallakte, über die Mandantinnen und Mandanten ihren Fall einsehen, Unterlagen austauschen und ihre Vollmacht erteilen. Für das Mandat selbst gelten die mit der Kanzlei vereinbarten Mandatsbedingungen.',
  'CaseFile.Terms.Access.Heading': '2. Zugang',
  'CaseFile.Terms.Access.Text':
    'Der Zugang erfolgt über einen persönlichen Link und eine vierstellige PIN (die letzten vier Ziffern Ihrer Telefonnummer). Bewahren Sie den Link vertraulich auf und geben Sie ihn nicht weiter. Nach fünf falschen PIN-Eingaben wird der Zugang vorübergehend gesperrt; jede weitere Fehleingabe verlängert die Sperre.',
  'CaseFile.Terms.Uploads.Heading': '3. Unterlagen',
  'CaseFile.Terms.Uploads.Text':
    'Sie dürfen nur Unterlagen hochladen, die Ihren Fall betreffen und an denen Sie die nötigen Rechte haben. Erlaubt sind PDF-Dateien, Bilder (JPG, PNG, GIF, WebP, HEIC), Word (DOC, DOCX), Excel (XLSX), PowerPoint (PPTX) und ZIP-Archive bis 10 MB je Datei, höchstens 100 Dateien je Fallakte.',
  'CaseFile.Terms.Signature.Heading': '4. Vollmacht',
  'CaseFile.Terms.Signature.Text':
    'Mit dem Senden Ihrer Unterschrift – gezeichnet oder als eingetippter Name – erteilen Sie die angezeigte Vollmacht. Die Kanzlei erhält sie als PDF mit Ort, Datum und Ihrer Unterschrift. Sie können die Vollmacht jederzeit gegenüber der Kanzlei widerrufen.',
  'CaseFile.Terms.Session.Heading': '5. Sitzung',
  'CaseFile.Terms.Session.Text':
    'Ihre Anmeldung endet nach 30 Minuten ohne Aktivität oder spätestens 12 Stunden nach der Anmeldung. Bitte melden Sie sich ab, wenn Sie ein Gerät gemeinsam mit anderen nutzen.',
  'CaseFile.Terms.Availability.Heading': '6. Verfügbarkeit',
  'CaseFile.Terms.Availability.Text':
    'Wir bemühen uns um eine ständige Erreichbarkeit, können sie aber nicht garantieren. Fristgebundene Mitteilungen senden Sie bitte zusätzlich auf einem anderen Weg an Ihre Kanzlei.',

  'CaseFile.Privacy.Title': 'Datenschutzhinweise zur digitalen Fallakte',
  'CaseFile.Privacy.Controller.Heading': '1. Verantwortliche Stelle',
  'CaseFile.Privacy.Controller.Text':
    'Verantwortlich für die Verarbeitung Ihrer Daten in der digitalen Fallakte ist die Kanzlei, die Ihren Fall bearbeitet. Ihre Kontaktdaten finden Sie im Menü unter Ihrer Anwältin oder Ihrem Anwalt und im Impressum.',
  'CaseFile.Privacy.Controller.Named': 'Verantwortlich für die Verarbeitung Ihrer Daten in der digitalen Fallakte ist die Kanzlei, die Ihren Fall bearbeitet:',
  'CaseFile.Privacy.Controller.Officer': 'Kontaktdaten der oder des Datenschutzbeauftragten der Kanzlei: {{officer}}',
  'CaseFile.Privacy.Controller.NoOfficer': 'Bei Fragen zum Datenschutz wenden Sie sich bitte direkt an die Kanzlei unter den oben genannten Kontaktdaten.',
  'CaseFile.Privacy.Phone': 'Telefon',
  'CaseFile.Privacy.Email': 'E-Mail',
  'CaseFile.Privacy.Data.Heading': '2. Welche Daten wir verarbeiten',
  'CaseFile.Privacy.Data.Text':
    'Name, Telefonnummer, E-Mail- und Postanschrift, die Angaben zu Ihrem Fall, Ihre Antworten im Fragebogen, Ihre Nachrichten, die hochgeladenen Unterlagen und die unterschriebene Vollmacht. Zur Sicherheit speichern wir außerdem Anmeldeversuche mit Zeitpunkt und IP-Adresse.',
  'CaseFile.Privacy.Purpose.Heading': '3. Zweck und Rechtsgrundlage',
  'CaseFile.Privacy.Purpose.Text':
    'Die Daten dienen der Bearbeitung Ihres Mandats (Art. 6 Abs. 1 lit. b DSGVO) und der Erfüllung berufsrechtlicher Pflichten, etwa der Aufbewahrung der Handakte (Art. 6 Abs. 1 lit. c DSGVO). Angaben zu Ihrer Gesundheit oder andere besondere Kategorien personenbezogener Daten verarbeitet die Kanzlei nur, soweit sie für Ihr Mandat nötig sind, um Ihre Rechtsansprüche geltend zu machen oder zu verteidigen (Art. 9 Abs. 2 lit. f DSGVO). In der Kanzlei lesen Ihre Daten nur die Personen, die Ihr Mandat bearbeiten.',
  'CaseFile.Privacy.Retention.Heading': '4. Speicherdauer',
  'CaseFile.Privacy.Retention.Text':
    'Die Handakte wird sechs Jahre aufbewahrt, gerechnet ab dem Ende des Kalenderjahres, in dem Ihr Mandat endete (§ 50 Abs. 1 BRAO), und danach gelöscht. Anmeldesitzungen werden mit der Abmeldung beendet.',
  'CaseFile.Privacy.Security.Heading': '5. Sicherheit',
  'CaseFile.Privacy.Security.Text':
    'Der Zugang ist durch den persönlichen Link und die PIN geschützt. Die Verbindung ist verschlüsselt. Die Kanzlei unterliegt der anwaltlichen Schweigepflicht.',
  'CaseFile.Privacy.Rights.Heading': '6. Ihre Rechte',
  'CaseFile.Privacy.Rights.Text':
    'Sie haben das Recht auf Auskunft, Berichtigung, Löschung, Einschränkung der Verarbeitung, Datenübertragbarkeit und Widerspruch sowie das Recht, sich bei einer Datenschutz-Aufsichtsbehörde zu beschweren.',

  'CaseFile.Privacy.Rights.Named':
    'Sie haben das Recht auf Auskunft, Berichtigung, Löschung, Einschränkung der Verarbeitung, Datenübertragbarkeit und Widerspruch sowie das Recht, sich bei einer Datenschutz-Aufsichtsbehörde zu beschweren, insbesondere bei der für die Kanzlei zuständigen: {{authority}}.',

  'CaseFile.Closed.Title': 'Ihr Fall ist abgeschlossen',
  'CaseFile.Closed.Text':
    'Ihr Mandat ist beendet. Ihre digitale Fallakte bleibt für Sie einsehbar: Mit Ihrem persönlichen Link und Ihrer PIN können Sie Ihre Unterlagen und den Verlauf weiterhin ansehen. Wenn Sie Fragen haben, wenden Sie sich bitte an Ihre Kanzlei.',
  'CaseFile.Closed.Retention':
    'Die Kanzlei bewahrt die Fallakte sechs Jahre auf, gerechnet ab dem Ende des Kalenderjahres, in dem Ihr Mandat endete (§ 50 Abs. 1 BRAO). Danach wird sie mit allen Unterlagen gelöscht.',

  'CaseFile.Withdrawn.Title': 'Diese Fallakte wurde zurückgezogen',
  'CaseFile.Withdrawn.Text':
    'Ihre Kanzlei hat diese digitale Fallakte zurückgezogen, zum Beispiel weil sie versehentlich angelegt wurde. Der Link und die PIN gelten nicht mehr. Unterlagen oder Angaben von Ihnen waren darin nicht gespeichert.',
  'CaseFile.Withdrawn.NewLink': 'Wenn Ihnen Ihre Kanzlei einen neuen Link gegeben hat, öffnen Sie bitte diesen.',
  'CaseFile.Withdrawn.ContactHeading': 'So erreichen Sie Ihre Kanzlei',
  'CaseFile.Withdrawn.Contact': 'Bei Fragen wenden Sie sich bitte an Ihre Kanzlei.',
} as const;
