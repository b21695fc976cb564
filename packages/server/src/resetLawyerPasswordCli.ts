// `npm run lawyer:reset-password -- <email>`: the operator's way back in when no administrator can send a reset from
// the console – the only administrator forgot the password, or the set-up link of `admin:create` expired unused
// (features/admin/serverCommands.ts). Prints a single-use link (24 h) to pass on to the person; the old password and
// every session end. Works on the configured DATA_DIR / DATABASE_URL; audited as „Server-Befehl“.
import { germanLongDateTimeAt } from '@rechtschat/core';
import { loadConfig } from './platform/config.js';
import { systemClock } from './platform/clock.js';
import { accountLinkLines, countOf, emailArgument, runCli, withMigratedDatabase } from './platform/cli.js';
import { resetPasswordFromServer } from './features/admin/index.js';

const USAGE = 'Aufruf / usage: npm run lawyer:reset-password -- <E-Mail-Adresse>';

async function run(): Promise<number> {
  const email = emailArgument(USAGE);
  if (email === undefined) return 2;
  const config = loadConfig();
  return withMigratedDatabase(config, async (db) => {
    const outcome = await resetPasswordFromServer({ db, clock: systemClock, webOrigins: config.webOrigins }, email);
    switch (outcome.type) {
      case 'unknown':
        console.error(`Kein Anwaltskonto mit der E-Mail-Adresse ${email} / no lawyer with this e-mail address.`);
        return 1;
      case 'inactive':
        console.error(
          `Das Konto ${email} ist deaktiviert und erhält keinen Link. Eine Administratorin oder ein Administrator kann es in der Konsole (Verwaltung → Team) wieder aktivieren / the account is deactivated.`,
        );
        return 1;
      case 'reset': {
        console.info(
          accountLinkLines(
            `Passwort von ${outcome.name} <${email.toLowerCase()}> zurückgesetzt; ${countOf(outcome.endedSessions, 'Anmeldung', 'Anmeldungen')} beendet${outcome.secondFactor ? ', der zweite Faktor bleibt' : ''}.`,
            'Einmaliger Link zum Festlegen eines neuen Passworts:',
            outcome.link.url,
            germanLongDateTimeAt(Date.parse(outcome.link.expiresAt)),
          ),
        );
        return 0;
      }
    }
  });
}

runCli(run);
