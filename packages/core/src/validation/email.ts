// E-mail addresses for the chat protocol. The pattern follows the HTML/Angular
// e-mail rule but additionally requires a dotted domain with a top-level domain, because
// a protocol sent to "name@localhost" would never arrive.
import { invalid, valid, type Validation } from './validationResult.js';
import { ValidationKeys } from './validationKeys.js';

const LOCAL = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*";
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const TLD = '[A-Za-z]{2,63}';
const EMAIL_PATTERN = new RegExp(`^${LOCAL}@(?:${LABEL}\\.)+${TLD}$`);
const MAX_EMAIL_LENGTH = 254;
const MAX_LOCAL_LENGTH = 64;

/** Validates an e-mail address; returns it trimmed or 'Chat.EnterValidEmail'. Pure. */
export function validateEmail(input: string): Validation<string> {
  const email = input.trim();
  const local = email.split('@')[0] ?? '';
  if (email.length > MAX_EMAIL_LENGTH || local.length > MAX_LOCAL_LENGTH || !EMAIL_PATTERN.test(email)) {
    return invalid(ValidationKeys.EnterValidEmail);
  }
  return valid(email);
}
