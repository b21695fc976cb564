// PUT /api/case-file/{token}/person over HTTP: the server applies the rules of the personal data itself (it never
// trusts the browser) and stores nothing of a refused update.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CreatedCaseFile } from '../../src/features/casefile/service.js';
import { startHarness, type Harness } from './harness.js';

describe('case-file personal data', () => {
  let h: Harness;
  let file: CreatedCaseFile;
  let cookie: string;
  const url = () => `/api/case-file/${file.token}/person`;
  const valid = { Email: 'erika.neu@example.org', Street: 'Hauptstr. 1', PostalCode: '50667', City: 'Köln' };

  /** What is stored for the file: the editable columns, the change time and the number of history entries. */
  const stored = async () => {
    const row = await h.t.db
      .selectFrom('case_files')
      .select(['email', 'street', 'postal_code', 'city', 'updated_at'])
      .where('id', '=', file.caseId)
      .executeTakeFirstOrThrow();
    const history = await h.t.db.selectFrom('case_file_history').select('id').where('case_file_id', '=', file.caseId).execute();
    return { ...row, history: history.length };
  };

  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => h.close());
  beforeEach(async () => {
    file = await h.newCaseFile();
    cookie = (await h.login(file)).cookie ?? '';
    expect((await h.call('PUT', url(), { cookie, json: valid })).status).toBe(200);
    h.setNow(new Date(h.now().getTime() + 60_000));
  });

  it.each([
    ['a postal code of letters', { ...valid, PostalCode: 'abcde' }, 'Bitte geben Sie eine Postleitzahl mit fünf Ziffern ein, z. B. 50667.'],
    ['a postal code of four digits', { PostalCode: '5066' }, 'Bitte geben Sie eine Postleitzahl mit fünf Ziffern ein, z. B. 50667.'],
    ['an emptied e-mail address', { ...valid, Email: '' }, 'Bitte geben Sie Ihre E-Mail-Adresse ein.'],
    ['an e-mail address set to null', { Email: null }, 'Bitte geben Sie Ihre E-Mail-Adresse ein.'],
    ['a malformed e-mail address', { ...valid, Email: 'erika(at)example.org' }, 'Bitte geben Sie eine gültige E-Mail-Adresse ein, z. B. name@beispiel.de.'],
    ['a blank street', { ...valid, Street: '   ' }, 'Bitte geben Sie Straße und Hausnummer ein.'],
    ['a blank city', { City: ' ' }, 'Bitte geben Sie Ihren Wohnort ein.'],
    ['an over-long street', { Street: 'x'.repeat(101) }, 'Straße und Hausnummer dürfen höchstens 100 Zeichen lang sein.'],
  ])('should refuse %s with 400 and a German message and store nothing', async (_name, json, message) => {
    const before = await stored();
    const res = await h.call('PUT', url(), { cookie, json });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ Error: 'InvalidInput', Message: `Die Eingabe ist ungültig. Bitte prüfen Sie Ihre Angaben. ${message}` });
    expect(await stored()).toEqual(before);
  });

  it('should name every field to correct at once', async () => {
    const res = await h.call('PUT', url(), { cookie, json: { Email: '', Street: '', PostalCode: 'abcde', City: 'Köln' } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { Message: string }).Message).toBe(
      'Die Eingabe ist ungültig. Bitte prüfen Sie Ihre Angaben. Bitte geben Sie Ihre E-Mail-Adresse ein. ' +
        'Bitte geben Sie Straße und Hausnummer ein. Bitte geben Sie eine Postleitzahl mit fünf Ziffern ein, z. B. 50667.',
    );
  });

  it('should save valid data trimmed, record it in the history and show it afterwards', async () => {
    const before = await stored();
    const json = { Email: '  neu@example.org ', Street: ' Domstraße 12a ', PostalCode: ' 01067 ', City: ' Dresden ' };
    const res = await h.call('PUT', url(), { cookie, json });
    expect(res.status).toBe(200);
    const person = { Email: 'neu@example.org', Street: 'Domstraße 12a', PostalCode: '01067', City: 'Dresden' };
    expect(await res.json()).toMatchObject(person);
    expect(await (await h.call('GET', url(), { cookie })).json()).toMatchObject(person);
    expect(await stored()).toEqual({
      email: 'neu@example.org',
      street: 'Domstraße 12a',
      postal_code: '01067',
      city: 'Dresden',
      updated_at: h.now().toISOString(),
      history: before.history + 1,
    });
  });

  it('should record nothing when the data sent is what is stored (no history entry, no change date)', async () => {
    const before = await stored();
    const res = await h.call('PUT', url(), { cookie, json: { ...valid, Street: ` ${valid.Street} ` } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject(valid);
    expect(await stored()).toEqual(before);
    const partial = await h.call('PUT', url(), { cookie, json: { City: valid.City } });
    expect(partial.status).toBe(200);
    expect(await stored()).toEqual(before);
  });

  it('should refuse a street alone while no address is stored, naming postal code and city, and store nothing', async () => {
    const fresh = await h.newCaseFile();
    const freshCookie = (await h.login(fresh)).cookie ?? '';
    const freshUrl = `/api/case-file/${fresh.token}/person`;
    const res = await h.call('PUT', freshUrl, { cookie: freshCookie, json: { Street: 'Hauptstr. 1' } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      Error: 'InvalidInput',
      Message: 'Die Eingabe ist ungültig. Bitte prüfen Sie Ihre Angaben. Bitte geben Sie Ihre Postleitzahl ein. Bitte geben Sie Ihren Wohnort ein.',
    });
    expect(await (await h.call('GET', freshUrl, { cookie: freshCookie })).json()).toMatchObject({ Street: null, PostalCode: null, City: null });
  });

  it('should leave out fields that are not sent', async () => {
    const res = await h.call('PUT', url(), { cookie, json: { PostalCode: '10115', City: 'Berlin' } });
    expect(await res.json()).toMatchObject({ ...valid, PostalCode: '10115', City: 'Berlin' });
  });
});
