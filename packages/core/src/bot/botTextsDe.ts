// German texts of the scripted bot (the web app's i18n namespace `bot`): one entry per message key of the onboarding
// and offboarding scripts. Polite "Sie", calm and short. They live in core because the server checks each bot line a
// browser sends for the transcript against them (knownBotText.ts): a client could otherwise put any sentence into the
// firm's record as the assistant's („Ihre Versicherung hat die Kosten zugesagt“ – outside attacker, 2026-12-05).
// A subpath of its own (`@rechtschat/core/bot-texts`), so the web app loads them only with the chat screen.
export const BOT_TEXTS_DE = {
  'Bot.Welcome': 'Guten Tag und herzlich willkommen bei der Rechtsberatung im Chat.',
  'Bot.HelpInfo': 'Ich bin der digitale Assistent und bereite Ihr Gespräch mit einer unabhängigen Anwältin oder einem unabhängigen Anwalt vor.',
  // One question for the problem – ProblemQuestion leads in, ProblemNotice asks.
  'Bot.ProblemQuestion': 'Damit Ihre Anwältin oder Ihr Anwalt gleich helfen kann, brauche ich eine kurze Schilderung.',
  'Bot.ProblemNotice':
    'Bitte beschreiben Sie Ihr Anliegen in wenigen Sätzen: Was ist passiert und welche Frage haben Sie? Ein bis zwei Sätze genügen. Namen oder Kontaktdaten anderer Personen brauchen wir dafür nicht.',
  'Bot.ThankYou': 'Vielen Dank für Ihre Schilderung.',
  'Bot.EMailRequest':
    'Auf Wunsch senden wir Ihnen nach der Beratung ein Protokoll des Chats per E-Mail. Unter welcher E-Mail-Adresse möchten Sie es erhalten? Sie können diesen Schritt auch überspringen.',
  'Bot.EMailConfirm': 'Ist die E-Mail-Adresse {{value}} richtig?',
  'Bot.EMailRetype': 'Bitte geben Sie Ihre E-Mail-Adresse noch einmal ein.',
  'Bot.EMailConfirmAgain': 'Ist die E-Mail-Adresse {{value}} jetzt richtig?',
  'Bot.ChatConsultation':
    'Ihr Anliegen betrifft voraussichtlich das Rechtsgebiet {{fieldOfLaw}}. Ich suche jetzt eine passende Anwältin oder einen passenden Anwalt für Sie.',
  'Bot.StayInChat1': 'Bitte bleiben Sie in diesem Fenster. Sobald eine Anwältin oder ein Anwalt frei ist, geht es hier direkt weiter.',
  'Bot.StayInChat2': 'Die Beratung erfolgt schriftlich in diesem Chat. Die Kosten trägt Ihr Versicherer.',
  'Bot.Forward': 'Ich leite Ihr Anliegen jetzt weiter.',

  'Bot.Offboarding.WelcomeBack': 'Die Beratung ist beendet. Vielen Dank für Ihr Vertrauen.',
  // `_named`: i18next's context variant, used when the lawyer's name is known (chat/screen/messageText.ts).
  'Bot.Offboarding.WelcomeBack_named': 'Die Beratung mit {{lawyer}} ist beendet. Vielen Dank für Ihr Vertrauen.',
  'Bot.Offboarding.WelcomeBack1': 'Ich habe noch ein paar kurze Fragen zum Abschluss.',
  'Bot.Offboarding.WelcomeBack1.PhoneRequested': 'Ihre Anwältin oder Ihr Anwalt möchte Ihr Anliegen gern telefonisch mit Ihnen weiter besprechen.',
  'Bot.Offboarding.WelcomeBack1.PhoneRequested_named': '{{lawyer}} möchte Ihr Anliegen gern telefonisch mit Ihnen weiter besprechen.',
  'Bot.Offboarding.WelcomeBack2': 'Bei Bedarf kann eine Anwältin oder ein Anwalt Sie zu Ihrem Anliegen auch zurückrufen.',
  'Bot.Offboarding.WelcomeBack3': 'Dafür benötigen wir Ihre Telefonnummer. Die Angabe ist freiwillig.',
  'Bot.Offboarding.PhoneRequest': 'Unter welcher Telefonnummer sind Sie erreichbar? Sie können diesen Schritt auch überspringen.',
  'Bot.Offboarding.PhoneRequest.PhoneRequested': 'Unter welcher Telefonnummer können wir Sie für das weitere Gespräch erreichen?',
  'Bot.Offboarding.PhoneConfirm': 'Ist die Telefonnummer {{value}} richtig?',
  'Bot.Offboarding.PhoneRetype': 'Bitte geben Sie Ihre Telefonnummer noch einmal ein.',
  'Bot.Offboarding.PhoneConfirmAgain': 'Ist die Telefonnummer {{value}} jetzt richtig?',
  'Bot.Offboarding.PhoneGivenElsewhere':
    'Ihre Telefonnummer {{value}} haben Sie bereits in einem anderen Tab oder Fenster dieses Chats angegeben. Wir verwenden diese Nummer für den Rückruf.',
  'Bot.Offboarding.PhoneSaved': 'Vielen Dank, wir haben Ihre Telefonnummer gespeichert.',
  'Bot.Offboarding.PhoneSaved.PhoneRequested': 'Vielen Dank. Ihre Anwältin oder Ihr Anwalt meldet sich telefonisch bei Ihnen.',
  'Bot.Offboarding.PhoneSaved.PhoneRequested_named': 'Vielen Dank. {{lawyer}} meldet sich telefonisch bei Ihnen.',
  'Bot.Offboarding.EMailSending': 'Das Protokoll dieser Beratung senden wir Ihnen als PDF an {{value}}.',
  'Bot.Offboarding.EMailSendingAfterConfirmation':
    'Wir haben Ihnen an {{value}} eine E-Mail geschickt. Bitte bestätigen Sie darin Ihre Adresse, dann senden wir Ihnen das Protokoll dieser Beratung als PDF.',
  'Bot.Offboarding.EMailRequest':
    'An welche E-Mail-Adresse dürfen wir Ihnen das Protokoll dieser Beratung als PDF senden? Sie können diesen Schritt auch überspringen.',
  'Bot.Offboarding.EMailConfirm': 'Ist die E-Mail-Adresse {{value}} richtig?',
  'Bot.Offboarding.EMailRetype': 'Bitte geben Sie Ihre E-Mail-Adresse noch einmal ein.',
  'Bot.Offboarding.EMailConfirmAgain': 'Ist die E-Mail-Adresse {{value}} jetzt richtig?',
  'Bot.Offboarding.EMailSaved': 'Vielen Dank. Das Protokoll wird an {{value}} gesendet.',
  // The double opt-in: the address was never confirmed, so only a confirmation mail went out so far.
  'Bot.Offboarding.EMailConfirmationSent':
    'Vielen Dank. Wir haben Ihnen an {{value}} eine E-Mail geschickt. Bitte bestätigen Sie darin Ihre Adresse, dann senden wir Ihnen das Protokoll.',
  'Bot.Offboarding.End1': 'Wir hoffen, dass wir Ihnen weiterhelfen konnten.',
  'Bot.Offboarding.End2': 'Bei neuen Fragen können Sie über Ihren persönlichen Link wieder einen Chat beginnen.',
  'Bot.Offboarding.RatingThanks': 'Vielen Dank für Ihre Bewertung! Sie helfen uns damit, die Beratung weiter zu verbessern.',
  // The rating form's legend asks "Wie zufrieden …?" – the bot leads in without asking it a second time.
  'Bot.Offboarding.End3': 'Zum Schluss eine Bitte: Bewerten Sie die Beratung.',
  'Bot.Offboarding.Rating': 'Vergeben Sie dafür unten ein bis fünf Sterne. Ein Kommentar ist freiwillig.',

  // The participant's non-text answers as they appear in the transcript.
  'Bot.Answer.Yes': 'Ja',
  'Bot.Answer.No': 'Nein',
  'Bot.Answer.Skip': 'Übersprungen',
  'Bot.Answer.Rating': '{{stars}} von 5 Sternen',
  'Bot.Answer.RatingWithComment': '{{stars}} von 5 Sternen – Kommentar: „{{comment}}“',
} as const;
