// The firm's legal details (Kanzleiangaben) from the start-up configuration, decoded here – in the lazily loaded legal
// and case-file chunks – rather than at start. Without them (an old server, the Vite dev server) the firm's name,
// phone and e-mail of the branding stand alone.
import { FirmDetails, firmAddressLine, firmDetailsFromContact } from '@rechtschat/core';
import type { AppConfig } from '../app/appConfig.js';

/** The firm's details, or null when not even its name is known. */
export function firmDetailsOf(config: AppConfig): FirmDetails | null {
  if (FirmDetails.is(config.firmDetails)) return config.firmDetails;
  if (!config.firmName) return null;
  return firmDetailsFromContact({ name: config.firmName, phone: config.firmPhone ?? null, email: config.firmEmail ?? null });
}

/** Whether the details name the firm as a controller must be named: with an address or a way to reach it. */
export function namesController(details: FirmDetails | null): details is FirmDetails {
  return details !== null && (firmAddressLine(details) !== '' || details.Phone !== '' || details.Email !== '');
}

/** The firm on one line with its address, as the Vollmacht names it: „Berger & Partner, Musterstraße 12, 10115 Berlin“. */
export function firmLine(details: FirmDetails): string {
  return [details.Name, firmAddressLine(details)].filter((part) => part !== '').join(', ');
}

/** „vertreten durch …“ at the end of „Rechtsform und Vertretung“, with the comma before it. */
const REPRESENTATION = /^(.*?)[,;]?\s*\b(vertreten durch\b.*)$/i;
/** „Rechtsform und Vertretung“ that gives only the legal form, to be put after the name. */
const LEGAL_FORM_ONLY =
  /^(?:PartG mbB|PartG|Partnerschaft mbB|Partnerschaftsgesellschaft mbB|Partnerschaftsgesellschaft|Rechtsanwaltsgesellschaft mbH|GmbH|UG \(haftungsbeschränkt\)|AG|GbR|LLP|KG|OHG|e\. ?K\.)$/i;

/**
 * The firm's name with its legal form and representation, each said once, one line each. „Rechtsform und Vertretung“
 * usually repeats the name („Berger & Partner Rechtsanwälte PartG mbB, vertreten durch die Partner …“): that line
 * then stands instead of the name, with the representation on a line of its own. A bare legal form („PartG mbB,
 * vertreten durch …“) goes after the name; anything else follows the name as given.
 */
export function firmNameLines(details: Pick<FirmDetails, 'Name' | 'RepresentedBy'>): string[] {
  const name = details.Name;
  const given = details.RepresentedBy;
  if (given === '') return [name];
  const split = REPRESENTATION.exec(given);
  const head = (split ? split[1]! : given).trim();
  const representation = split ? split[2]! : '';
  const rest = head.slice(name.length);
  let first: string;
  if (head === '') first = name;
  else if (head.toLocaleLowerCase('de').startsWith(name.toLocaleLowerCase('de')) && (rest === '' || /^[\s,]/.test(rest))) first = head;
  else if (LEGAL_FORM_ONLY.test(head)) first = `${name} ${head}`;
  else return name === given ? [name] : [name, given];
  return [first, representation].filter((line) => line !== '');
}
