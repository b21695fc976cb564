import { describe, expect, it } from 'vitest';
import { detectFileType } from '../../src/platform/files/fileType.js';
import { sanitizeFileName } from '../../src/platform/files/fileNames.js';
import { dispositionHeader } from '../../src/platform/files/download.js';
import { caseFileDocumentKinds } from '../../src/features/casefile/documentTypes.js';
import { lockDurationMs, defaultLockoutPolicy } from '../../src/features/casefile/login.js';
import { internationalDigits, maskedPhoneNumberPart, pinFromPhone } from '../../src/platform/phone.js';
import { generateLinkToken, looksLikeLinkToken } from '../../src/features/casefile/linkToken.js';
import { redactCaseFileTokens } from '../../src/features/casefile/redact.js';
import { DOCX_MINI, PNG_1x1 } from '../support/samples.js';

const latin1 = (magic: string | Buffer) => (typeof magic === 'string' ? Buffer.from(magic, 'latin1') : magic);
const documentName = (name: string) => sanitizeFileName(name, { emptyStem: 'Dokument' });

describe('phone rules', () => {
  it.each([
    ['+49 151 23456789', '4915123456789'],
    ['0049 (151) 234-567-89', '4915123456789'],
    ['0151/23456789', '4915123456789'],
    ['+43 664 1234567', '436641234567'],
  ])('should read %s as international digits', (input, digits) => {
    expect(internationalDigits(input)).toBe(digits);
  });

  it.each(['', '12345', '+49 abc 123456', '+'.padEnd(20, '1')])('should refuse %j', (input) => {
    expect(internationalDigits(input)).toBeUndefined();
  });

  it('should take the last four digits as PIN and mask the rest', () => {
    expect(pinFromPhone('4915123456789')).toBe('6789');
    expect(maskedPhoneNumberPart('4915123456789')).toBe('+49 151 ••• 45');
    expect(maskedPhoneNumberPart('49301234')).toBe('+49 ••• 30');
  });
});

describe('link tokens', () => {
  it('should be 256-bit base64url strings without repeats', () => {
    const tokens = Array.from({ length: 10_000 }, generateLinkToken);
    expect(new Set(tokens).size).toBe(tokens.length);
    expect(tokens.every((t) => /^[A-Za-z0-9_-]{43}$/.test(t) && looksLikeLinkToken(t))).toBe(true);
  });

  it('should treat path-like or oversized values as malformed', () => {
    expect(looksLikeLinkToken('../../etc/passwd')).toBe(false);
    expect(looksLikeLinkToken('a'.repeat(200))).toBe(false);
  });
});

describe('lockout back-off', () => {
  it('should double from 15 minutes and stop at 24 hours', () => {
    expect([5, 6, 7, 8, 40].map((n) => lockDurationMs(n, defaultLockoutPolicy) / 60_000)).toEqual([15, 30, 60, 120, 1440]);
  });
});

describe('upload type detection', () => {
  it.each([
    ['%PDF-1.4', 'application/pdf'],
    [PNG_1x1, 'image/png'],
    ['\xff\xd8\xff\xe0', 'image/jpeg'],
    ['GIF89a', 'image/gif'],
    ['RIFF\0\0\0\0WEBPVP8 ', 'image/webp'],
    ['\0\0\0\x18ftypheic', 'image/heic'],
    [DOCX_MINI, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ])('should recognise %j', async (magic, type) => {
    expect((await detectFileType(latin1(magic), caseFileDocumentKinds))?.mime).toBe(type);
  });

  it.each(['<!DOCTYPE html>', '<svg>', 'MZ\x90\0', '#!/bin/sh'])('should refuse %j', async (magic) => {
    expect(await detectFileType(latin1(magic), caseFileDocumentKinds)).toBeUndefined();
  });
});

describe('file names', () => {
  // One platform rule for every upload: quotes become `_` and names are cut at 120 characters, as in the chat.
  it('should drop paths, control and bidi characters and neutralise quotes', () => {
    expect(documentName('../../etc/passwd')).toBe('passwd');
    expect(documentName('C:\\Users\\a\\brief.pdf')).toBe('brief.pdf');
    expect(documentName('a\r\nb.pdf')).toBe('ab.pdf');
    expect(documentName('\u202Efdp.exe')).toBe('fdp.exe');
    expect(documentName('"x".pdf')).toBe('_x_.pdf');
    expect(documentName('...')).toBe('Dokument');
    expect(documentName(`${'a'.repeat(300)}.pdf`)).toMatch(/^a{116}\.pdf$/);
  });

  it('should encode non-ASCII names with filename*', () => {
    expect(dispositionHeader('Übersicht.pdf')).toBe(`attachment; filename="_bersicht.pdf"; filename*=UTF-8''%C3%9Cbersicht.pdf`);
  });
});

describe('redactCaseFileTokens', () => {
  const token = 'Qm9zZS1Ub2tlbi1mdWVyLWRpZS1GYWxsYWt0ZTEyMzQ';
  it.each([
    [`/api/case-file/${token}/documents/abc`, '/api/case-file/[token]/documents/abc'],
    [`/api/case-file/authenticated?token=${token}`, '/api/case-file/authenticated?token=[token]'],
    [`/digitale-fallakte/${token}/uebersicht`, '/digitale-fallakte/[token]/uebersicht'],
    ['/api/case-file/login', '/api/case-file/login'],
    ['/digitale-fallakte/datenschutz', '/digitale-fallakte/datenschutz'],
  ])('should turn %s into %s', (url, expected) => {
    expect(redactCaseFileTokens(url)).toBe(expected);
  });
});
