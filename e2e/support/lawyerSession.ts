// A lawyer session of its own for a journey's set-up and clean-up over the API (password only, so it is taken
// before a second factor exists).
import { expect } from './fixtures.js';

/** Signs the lawyer in over the API and returns the session cookie header. */
export async function lawyerSessionCookie(chatUrl: string, email: string, password: string): Promise<string> {
  const login = await fetch(`${chatUrl}api/lawyer/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Email: email, Password: password }),
  });
  expect(login.status).toBe(200);
  return login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
