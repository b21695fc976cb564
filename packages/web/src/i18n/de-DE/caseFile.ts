// German texts of the digital case file area (namespace `common`); its lazily loaded chunk adds them.
export const caseFileDe = {
  'CaseFile.Landing.Title': 'Ihre digitale Fallakte',
  'CaseFile.Landing.Intro':
    'In der digitalen Fallakte sehen Sie jederzeit den Stand Ihres Falls: Ihre Anwältin oder Ihren Anwalt, die Falldaten, Ihre hochgeladenen Unterlagen und den Verlauf. Dort können Sie auch Ihre Vollmacht digital unterschreiben.',
  'CaseFile.Landing.LinkHeading': 'So gelangen Sie zu Ihrer Fallakte',
  'CaseFile.Landing.LinkText':
    'Ihre Kanzlei hat Ihnen einen persönlichen Link per E-Mail oder SMS geschickt. Bitte öffnen Sie Ihre Fallakte über diesen Link. Zur Anmeldung geben Sie die letzten vier Ziffern Ihrer Telefonnummer als PIN ein.',
  'CaseFile.Landing.SecurityHeading': 'Ihre Daten sind geschützt',
  'CaseFile.Landing.SecurityText':
    'Der Link ist nur für Sie bestimmt. Geben Sie ihn bitte nicht weiter. Nach mehreren falschen PIN-Eingaben wird die Anmeldung aus Sicherheitsgründen vorübergehend gesperrt.',
  'CaseFile.Landing.NoLink': 'Sie finden den Link nicht mehr? Dann wenden Sie sich bitte direkt an Ihre Kanzlei.',
  'CaseFile.Placeholder.Title': 'Digitale Fallakte',
  'CaseFile.Placeholder.Text': 'Dieser Bereich der digitalen Fallakte steht in Kürze zur Verfügung. Bitte versuchen Sie es später noch einmal.',
} as const;
