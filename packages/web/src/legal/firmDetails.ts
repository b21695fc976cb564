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
