// Parallel Vollmacht submissions file exactly one signed PDF; a signature PNG that
// declares or inflates to a huge canvas is refused before any decoding.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkPng } from '../../src/platform/files/pngLimits.js';
import type { CreatedCaseFile } from '../../src/features/casefile/service.js';
import { drawnStroke, greyPng, padPng, pngDataUrl, rgbaPng, transparentRgbaPng } from '../support/pngFactory.js';
import { signatureDataUrl, startHarness, type Harness } from './harness.js';

describe('Vollmacht signing', () => {
  let h: Harness;
  let file: CreatedCaseFile;
  let cookie: string;
  const sign = (SignatureImage = signatureDataUrl) =>
    h.call('POST', `/api/case-file/${file.token}/power-of-attorney`, { cookie, json: { SignatureImage, Place: 'Köln' } });

  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => h.close());
  beforeEach(async () => {
    file = await h.newCaseFile();
    cookie = (await h.login(file)).cookie ?? '';
  });

  it('should answer ten parallel submissions with exactly one 201 and nine 409 and store one signed PDF', async () => {
    const responses = await Promise.all(Array.from({ length: 10 }, () => sign()));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array<number>(9).fill(409)]);
    const docs = await h.t.db.selectFrom('case_file_documents').selectAll().where('case_file_id', '=', file.caseId).execute();
    expect(docs).toHaveLength(1);
    const history = await h.t.db
      .selectFrom('case_file_history')
      .selectAll()
      .where('case_file_id', '=', file.caseId)
      .where('kind', '=', 'PowerOfAttorneySigned')
      .execute();
    expect(history).toHaveLength(1);
  });

  it('should refuse a 46 KB PNG declaring 6900 × 6900 px with 413 and let the client sign again', async () => {
    const bomb = greyPng(6900, 6900);
    expect(bomb.length).toBeLessThan(64 * 1024);
    const res = await sign(pngDataUrl(bomb));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ Error: 'SignatureTooLarge', Message: expect.stringContaining('zu groß') });
    expect(h.logs.some((l) => (l.fields as { event?: string }).event === 'casefile.signature.too_large')).toBe(true);
    expect((await sign()).status).toBe(201);
  });

  it('should refuse a small declared canvas whose image data inflates far beyond it', async () => {
    const res = await sign(pngDataUrl(greyPng(100, 100, 40 * 1024 * 1024)));
    expect(res.status).toBe(413);
    const row = await h.t.db.selectFrom('case_files').select('power_of_attorney_signed_at').where('id', '=', file.caseId).executeTakeFirstOrThrow();
    expect(row.power_of_attorney_signed_at).toBeNull();
  });

  it('should accept a signature of a realistic high-density pad size', async () => {
    expect((await sign(pngDataUrl(greyPng(1800, 600)))).status).toBe(201);
  });

  /** What signing leaves behind: the signature time, documents and history entries of the file. */
  const stored = async () => ({
    signedAt: (await h.t.db.selectFrom('case_files').select('power_of_attorney_signed_at').where('id', '=', file.caseId).executeTakeFirstOrThrow())
      .power_of_attorney_signed_at,
    documents: (await h.t.db.selectFrom('case_file_documents').select('id').where('case_file_id', '=', file.caseId).execute()).length,
    signedEntries: (
      await h.t.db.selectFrom('case_file_history').select('id').where('case_file_id', '=', file.caseId).where('kind', '=', 'PowerOfAttorneySigned').execute()
    ).length,
  });
  const nothingSigned = { signedAt: null, documents: 0, signedEntries: 0 };
  const emptySignature = {
    Error: 'EmptySignature',
    Message: 'Die Unterschrift ist leer oder zu klein. Bitte unterschreiben Sie im Feld mit Ihrem Namen oder tippen Sie Ihren Namen ein.',
  };

  it.each([
    ['an untouched white pad', padPng({})],
    ['a transparent pad', padPng({ transparent: true })],
    ['a single tap on the pad', padPng({ strokes: [[[300, 90]]] })],
    ['a firm pen tap on a high-density pad', padPng({ width: 1200, height: 360, strokes: [[[600, 180]]], lineWidth: 6.4 })],
    [
      'a slip of a few pixels',
      padPng({
        strokes: [
          [
            [300, 90],
            [304, 92],
            [308, 91],
          ],
        ],
      }),
    ],
    ['strokes too faint to see on paper', rgbaPng(600, 180, (_x, y) => (Math.abs(y - 90) < 3 ? [20, 33, 61, 30] : [255, 255, 255, 255]))],
  ])('should refuse %s with 400, sign nothing and let the client sign again', async (_name, png) => {
    const res = await sign(pngDataUrl(png));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(emptySignature);
    expect(await stored()).toEqual(nothingSigned);
    expect((await sign()).status).toBe(201);
  });

  it('should refuse the fully transparent 10 × 10 px PNG as too small to be a signature, then let the client sign', async () => {
    const res = await sign(pngDataUrl(padPng({ width: 10, height: 10, transparent: true })));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      Error: 'InvalidSignature',
      Message: 'Das Unterschriftsbild ist zu klein. Bitte unterschreiben Sie erneut im Unterschriftenfeld.',
    });
    expect(await stored()).toEqual(nothingSigned);
    expect((await sign()).status).toBe(201);
    expect(await stored()).toEqual({ signedAt: h.now().toISOString(), documents: 1, signedEntries: 1 });
  });

  it('should file the place without bidi controls, so PDF, history and console show the place the client sees', async () => {
    const res = await h.call('POST', `/api/case-file/${file.token}/power-of-attorney`, {
      cookie,
      json: { SignatureImage: signatureDataUrl, Place: ' \u202EKöln\u202C ' },
    });
    expect(res.status).toBe(201);
    const entry = await h.t.db
      .selectFrom('case_file_history')
      .select('text')
      .where('case_file_id', '=', file.caseId)
      .where('kind', '=', 'PowerOfAttorneySigned')
      .executeTakeFirstOrThrow();
    expect(entry.text).toBe('Unterschrieben in Köln.');
  });

  const placeRefusals: [string, string, string][] = [
    ['it is blank but for bidi controls', ' \u202E\u202C ', 'Bitte geben Sie den Ort an.'],
    ['it is over 100 characters', 'K'.repeat(101), 'Der Ort darf höchstens 100 Zeichen lang sein.'],
    ...['1', '12345', '-', '..', 'K.', '1 2'].map((Place): [string, string, string] => [
      `it is no place name (${JSON.stringify(Place)})`,
      Place,
      'Bitte geben Sie als Ort einen Ortsnamen an (mindestens zwei Buchstaben), z. B. Köln.',
    ]),
  ];
  it.each(placeRefusals)('should refuse the place when %s, naming the field, and leave the Vollmacht unsigned', async (_name, Place, message) => {
    const res = await h.call('POST', `/api/case-file/${file.token}/power-of-attorney`, { cookie, json: { SignatureImage: signatureDataUrl, Place } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ Error: 'InvalidInput', Message: `Die Eingabe ist ungültig. Bitte prüfen Sie Ihre Angaben. ${message}` });
    expect(await stored()).toEqual(nothingSigned);
  });

  it('should accept a drawn signature on a transparent field', async () => {
    expect((await sign(pngDataUrl(padPng({ strokes: [drawnStroke], transparent: true })))).status).toBe(201);
  });

  it('should accept a typed name of two letters as the pad writes it (a third of its height, at 5 % from the left)', async () => {
    // "Al": the strokes of an A and an l, about 40 px high like the pad's cursive font at 58 px.
    const typed = padPng({
      strokes: [
        [
          [30, 120],
          [45, 80],
          [60, 120],
        ],
        [
          [37, 104],
          [53, 104],
        ],
        [
          [72, 78],
          [68, 120],
        ],
      ],
      lineWidth: 4,
    });
    expect((await sign(pngDataUrl(typed))).status).toBe(201);
  });
});

describe('PNG header check', () => {
  it('should report the declared size of a valid PNG and refuse truncated or foreign data', () => {
    expect(checkPng(greyPng(300, 100))).toEqual({ ok: true, width: 300, height: 100 });
    expect(checkPng(greyPng(300, 100).subarray(0, 40))).toEqual({ ok: false, reason: 'malformed' });
    expect(checkPng(Buffer.from('%PDF-1.4'))).toEqual({ ok: false, reason: 'malformed' });
    expect(checkPng(greyPng(5000, 10))).toEqual({ ok: false, reason: 'too-large' });
  });

  it('should refuse from the header an image whose pixel data would pass 12 MiB, whatever its side lengths', () => {
    // 2048 × 2048 px is within the side and pixel limits, but as 16-bit RGBA it inflates to 32 MiB.
    expect(checkPng(transparentRgbaPng(2048, 2048, 16))).toEqual({ ok: false, reason: 'too-large' });
    // The web app's largest pad (2× of about 800 × 200 CSS px) stays well inside.
    expect(checkPng(transparentRgbaPng(1600, 400, 8))).toEqual({ ok: true, width: 1600, height: 400 });
  });
});
