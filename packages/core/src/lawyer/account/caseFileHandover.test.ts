import { of } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { err, httpError, networkError, ok } from '../../result.js';
import { HANDOVER_NOTE_MAX, type Colleague, type HandedOverCaseFile } from '../../wire/index.js';
import { createCaseFileHandOver, initialCaseFileHandOverState } from './caseFileHandover.js';

const handedOver: HandedOverCaseFile = {
  CaseId: 'cf-1',
  CaseNumber: 'FA-2026-ABC123',
  LawyerId: 'l-2',
  LawyerName: 'Dr. Berta Beispiel',
  HandedOverAt: '2026-12-07T10:15:00.000Z',
};
const colleague: Colleague = {
  Id: 'l-2',
  Name: 'Dr. Berta Beispiel',
  Email: 'berta@kanzlei.example',
  Gender: 'female',
  ImageUrl: 'https://chat.example/a.svg',
  Role: 'lawyer',
  Phone: '',
  LastActive: null,
};

describe('CaseFileHandOver', () => {
  it('should read the colleagues on start and send the chosen one with the trimmed note', () => {
    const calls: [string, string, string][] = [];
    const handOver = createCaseFileHandOver({
      colleagues: () => of(ok([colleague])),
      handOver: (id, to, note) => (calls.push([id, to, note]), of(ok(handedOver))),
    });
    expect(handOver.snapshot()).toEqual(initialCaseFileHandOverState);
    handOver.start();
    expect(handOver.snapshot().colleagues).toEqual([colleague]);
    handOver.handOver('cf-1', 'l-2', '  Frist am Freitag ');
    expect(calls).toEqual([['cf-1', 'l-2', 'Frist am Freitag']]);
    expect(handOver.snapshot()).toMatchObject({ busy: false, refusal: null, handedOver, settled: 1 });
    handOver.dispose();
  });

  it('should refuse a missing choice and a too long note without asking the server', () => {
    let calls = 0;
    const handOver = createCaseFileHandOver({ colleagues: () => of(ok([colleague])), handOver: () => (calls++, of(ok(handedOver))) });
    handOver.handOver('cf-1', '', '');
    expect(handOver.snapshot()).toMatchObject({ refusal: 'ChooseColleague', settled: 1 });
    handOver.handOver('cf-1', 'l-2', 'x'.repeat(HANDOVER_NOTE_MAX + 1));
    expect(handOver.snapshot()).toMatchObject({ refusal: 'NoteTooLong', settled: 2 });
    expect(calls).toBe(0);
    handOver.dispose();
  });

  it('should name the server refusals by their codes and any other failure as Failed', () => {
    const answers = [
      err(httpError(400, 'UnknownColleague', 'x')),
      err(httpError(409, 'SameLawyer', 'x')),
      err(httpError(404, 'NotFound', 'x')),
      err(httpError(500, 'InternalError', 'x')),
      err(networkError('offline')),
    ];
    const handOver = createCaseFileHandOver({ colleagues: () => of(ok([])), handOver: () => of(answers.shift() ?? ok(handedOver)) });
    const refusals = [0, 1, 2, 3, 4].map(() => (handOver.handOver('cf-1', 'l-2', ''), handOver.snapshot().refusal));
    expect(refusals).toEqual(['UnknownColleague', 'SameLawyer', 'Gone', 'Failed', 'Failed']);
    handOver.dispose();
  });

  it('should say when the colleagues could not be read', () => {
    const handOver = createCaseFileHandOver({ colleagues: () => of(err(networkError('offline'))), handOver: () => of(ok(handedOver)) });
    handOver.start();
    expect(handOver.snapshot()).toMatchObject({ colleagues: null, colleaguesFailed: true });
    handOver.dispose();
  });
});
