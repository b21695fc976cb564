// The firm as an address block – name, legal form and representation, street, postal code and city, phone and e-mail as
// links – on the imprint and in both privacy notices. A field left empty in the console is left out, no placeholder;
// the name is said once even when „Rechtsform und Vertretung“ repeats it (firmNameLines).
import type { FirmDetails } from '@rechtschat/core';
import { Link } from '../ui/index.js';
import { firmNameLines } from './firmDetails.js';
import '../pages/pages.css';

export interface FirmAddressProps {
  readonly details: FirmDetails;
  /** Show phone and e-mail too (the imprint has them under their own heading). */
  readonly contact?: boolean;
  readonly phoneLabel: string;
  readonly emailLabel: string;
}

/** `tel:` address of a number as people write it: digits and a leading + only. */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

export function FirmAddress({ details, contact = true, phoneLabel, emailLabel }: FirmAddressProps) {
  const place = [details.PostalCode, details.City].filter((part) => part !== '').join(' ');
  const lines = [...firmNameLines(details), details.Street, place].filter((line) => line !== '');
  return (
    <address className="ui-text ui-mb-2 page-address">
      {lines.map((line, index) => (
        <span key={index}>
          {line}
          <br />
        </span>
      ))}
      {contact && <FirmContact details={details} phoneLabel={phoneLabel} emailLabel={emailLabel} />}
    </address>
  );
}

/** Phone and e-mail as links, each on its own line; nothing when neither is given. */
export function FirmContact({ details, phoneLabel, emailLabel }: Omit<FirmAddressProps, 'contact'>) {
  return (
    <>
      {details.Phone !== '' && (
        <span>
          {phoneLabel}:{' '}
          <Link href={telHref(details.Phone)} standalone>
            {details.Phone}
          </Link>
          <br />
        </span>
      )}
      {details.Email !== '' && (
        <span>
          {emailLabel}:{' '}
          <Link href={`mailto:${details.Email}`} standalone>
            {details.Email}
          </Link>
        </span>
      )}
    </>
  );
}
