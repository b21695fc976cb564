// The PDF protocol by e-mail, exactly once per case, to an address its owner confirmed by the link of the double
// opt-in (protocolRequest.ts decides, protocolConfirmation.ts confirms). A conditional update claims the case before
// sending, so two triggers (two processes, a resend, two clicks) never mail twice; a failed send releases the claim.
import type { Mailer } from '../../platform/mail/index.js';
import { renderChatProtocolPdf } from '../../platform/pdf/index.js';
import type { Db } from '../../platform/storage/database.js';
import type { CasesTable } from './tables.js';
import type { Clock } from '../../platform/clock.js';
import { caseReference, protocolInput } from './transcript.js';
import { caseHadLawyer, caseHasRunningChat, claimProtocolMail, releaseProtocolMail } from './caseQueries.js';
import type { PlatformContext } from '../../platform/platformContext.js';
import { firmIssuer } from '../firmDetails/index.js';

export interface ProtocolMailDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly mailer: Mailer;
  readonly config: PlatformContext['config'];
}

/**
 * The web address links in mails point to: the case's OverrideDomain when it is one of the
 * configured WEB_ORIGINS (a partner's own domain), otherwise the first web origin. A domain that
 * is not configured never ends up in a link, so a crafted chat link cannot make us mail one.
 */
export function webOriginFor(webOrigins: readonly string[], overrideDomain: string | null): string {
  const matching = overrideDomain === null ? undefined : webOrigins.find((origin) => new URL(origin).hostname === overrideDomain);
  return matching ?? webOrigins[0] ?? '';
}

/**
 * `noConsultation`: no lawyer ever took part, so there is nothing to send (and no mail anyone could trigger alone).
 * `consultationRunning`: a chat of the case still waits or runs (e.g. forwarded to a colleague); the one mail per case
 * would otherwise go out with half the consultation and never again with all of it.
 */
export type ProtocolMailOutcome = 'sent' | 'alreadySent' | 'noConsultation' | 'consultationRunning';

const BODY = [
  'Guten Tag,',
  '',
  'im Anhang erhalten Sie das Protokoll Ihrer Rechtsberatung im Chat.',
  'Hinweis: E-Mails werden unverschlüsselt übertragen. Sie haben diesen Versand selbst angefordert.',
  '',
  'Sie können das Protokoll auch später wieder herunterladen: Öffnen Sie dazu zuerst Ihren persönlichen Link zum Chat und danach diese Adresse:',
  '{link}',
  'Ihr Aktenzeichen: {reference}',
  '',
  'Mit freundlichen Grüßen',
  '{firm}',
].join('\n');

/** Mails the protocol of `theCase` to `email` unless this case's protocol was mailed already. */
export async function sendProtocolOnce(deps: ProtocolMailDeps, theCase: CasesTable, email: string): Promise<ProtocolMailOutcome> {
  const now = deps.clock.now();
  if (!(await caseHadLawyer(deps.db, theCase.id))) return 'noConsultation';
  if (await caseHasRunningChat(deps.db, theCase.id)) return 'consultationRunning';
  if (!(await claimProtocolMail(deps.db, theCase.id, email, now.toISOString()))) return 'alreadySent';
  try {
    const issuer = await firmIssuer(deps);
    const pdf = await renderChatProtocolPdf({ ...(await protocolInput(deps.db, theCase, now)), issuer: issuer.line });
    const reference = caseReference(theCase.id);
    await deps.mailer.send({
      to: email,
      subject: `Ihr Chatprotokoll ${reference}`,
      text: BODY.replace('{firm}', issuer.name)
        .replace('{reference}', reference)
        .replace('{link}', `${webOriginFor(deps.config.webOrigins, theCase.override_domain)}/protokoll/${reference}`),
      attachments: [{ filename: `Chatprotokoll-${reference}.pdf`, content: pdf, contentType: 'application/pdf' }],
    });
  } catch (error) {
    // Released, so the next trigger (or the participant's request) can try again.
    await releaseProtocolMail(deps.db, theCase.id);
    throw error;
  }
  return 'sent';
}
