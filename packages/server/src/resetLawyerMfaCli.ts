// `npm run lawyer:reset-mfa -- <email>`: the operator's way back in for a lawyer who lost the authenticator and the
// recovery codes (features/lawyer/resetLawyerMfa.ts). Works on the configured DATA_DIR / DATABASE_URL; the security
// event goes to the structured log on stderr and into the audit log as „Server-Befehl“ (as the console's reset does
// for an administrator), the one-line confirmation to stdout. A lawyer without a second factor is refused like the
// console's reset refuses it (409): nothing is removed, no session ends, nothing is audited.
import pino from 'pino';
import { loadConfig } from './platform/config.js';
import { systemClock } from './platform/clock.js';
import { countOf, emailArgument, runCli, withMigratedDatabase } from './platform/cli.js';
import { createLogger } from './platform/logger.js';
import { recordServerCommandMfaReset } from './features/admin/index.js';
import { findLawyerByEmail, hasSecondFactor, resetLawyerMfa } from './features/lawyer/index.js';

async function run(): Promise<number> {
  const email = emailArgument('Aufruf / usage: npm run lawyer:reset-mfa -- <E-Mail-Adresse>');
  if (email === undefined) return 2;
  const config = loadConfig();
  const logger = createLogger(config.logLevel, pino.destination(2));
  return withMigratedDatabase(config, async (db) => {
    const lawyer = await findLawyerByEmail(db, email.trim().toLowerCase());
    if (lawyer && !(await hasSecondFactor(db, lawyer.id))) {
      console.error(
        `${lawyer.name} (${lawyer.email}) hat keinen zweiten Faktor eingerichtet, es gibt nichts zurückzusetzen. Die Anmeldungen bleiben bestehen. / no second factor to reset, nothing changed.`,
      );
      return 1;
    }
    const reset = await resetLawyerMfa({ db, clock: systemClock }, email);
    if (reset === null) {
      console.error(`Kein Anwaltskonto mit der E-Mail-Adresse ${email} / no lawyer with this e-mail address.`);
      return 1;
    }
    await recordServerCommandMfaReset({ db, clock: systemClock }, reset);
    logger.warn({ event: 'lawyer-mfa-reset', ...reset }, 'operator reset the lawyer second factor');
    logger.flush();
    console.info(
      `Zwei-Faktor-Anmeldung von ${email} zurückgesetzt, ${countOf(reset.removedRecoveryCodes, 'Wiederherstellungscode', 'Wiederherstellungscodes')} und ${countOf(reset.removedPasskeys, 'Passkey', 'Passkeys')} gelöscht, ${countOf(reset.endedSessions, 'Sitzung', 'Sitzungen')} beendet / second factor reset, recovery codes and passkeys removed, sessions ended.`,
    );
    return 0;
  });
}

runCli(run);
