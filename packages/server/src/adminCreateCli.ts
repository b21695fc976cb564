// `npm run admin:create -- <email> <name>`: creates an administrator account and prints its one-time set-up link
// (features/admin/createAdmin.ts). Works on the configured DATA_DIR / DATABASE_URL, in development (tsx) and on the
// built server (dist/adminCreateCli.js, see bin/cli.mjs).
import { germanLongDateTimeAt } from '@rechtschat/core';
import { loadConfig } from './platform/config.js';
import { systemClock } from './platform/clock.js';
import { accountLinkLines, runCli, withMigratedDatabase } from './platform/cli.js';
import { createAdministrator } from './features/admin/index.js';

const USAGE = 'Aufruf / usage: npm run admin:create -- <E-Mail-Adresse> <Name>';

async function run(): Promise<number> {
  const [email, ...nameParts] = process.argv.slice(2).filter((arg) => arg !== '--');
  const name = nameParts.join(' ').trim();
  if (email === undefined || email.trim() === '' || name === '') {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  return withMigratedDatabase(config, async (db) => {
    const outcome = await createAdministrator({ db, clock: systemClock, webOrigins: config.webOrigins }, { email, name });
    switch (outcome.type) {
      case 'invalidEmail':
        console.error(`Ungültige E-Mail-Adresse: ${email}\n${USAGE}`);
        return 2;
      case 'invalidName':
        console.error(`Bitte geben Sie einen Namen mit 2 bis 100 Zeichen an.\n${USAGE}`);
        return 2;
      case 'exists':
        console.error(`Es gibt bereits ein Konto mit der E-Mail-Adresse ${email.trim()} / an account with this e-mail address exists.`);
        return 1;
      case 'created': {
        console.info(
          accountLinkLines(
            `Administrationskonto für ${name} <${email.trim().toLowerCase()}> angelegt.`,
            'Einmaliger Einrichtungslink (Passwort wählen; die Zwei-Faktor-Anmeldung folgt bei der ersten Anmeldung):',
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
