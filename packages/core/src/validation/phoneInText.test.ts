import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { libphonenumberPlan } from './libphonenumberPlan.js';
import { lastPhoneNumberIn } from './phoneInText.js';

const e164In = (text: string) => lastPhoneNumberIn(text, libphonenumberPlan)?.e164 ?? null;

describe('lastPhoneNumberIn', () => {
  it.each([
    ['Sie erreichen mich unter 0171 2345678.', '+491712345678'],
    ['Meine Nummer: +49 30 12345678, tagsüber', '+493012345678'],
    ['Rufen Sie bitte (030) 2345 6789 an', '+493023456789'],
    ['0171/2345678 ab 17 Uhr', '+491712345678'],
    ['0171 2345678 17 Uhr passt am besten', '+491712345678'],
    ['Festnetz 030 23456789, nein, besser mobil 0151-23456789', '+4915123456789'],
    ['0043 1 5123456 (Wien)', '+4315123456'],
  ])('should find the number in %j', (text, e164) => {
    expect(e164In(text)).toBe(e164);
  });

  it.each([
    ['Versicherungsnummer 123456789'],
    ['Der Vertrag ist vom 12.03.2024 und kostet 1.250,00 €'],
    ['Aktenzeichen 12 O 345/23'],
    ['IBAN DE02 1203 0000 0000 2020 51'],
    ['0171 23'],
    ['Ich habe kein Telefon.'],
  ])('should find no number in %j', (text) => {
    expect(e164In(text)).toBeNull();
  });

  it('should never throw on arbitrary text', () => {
    fc.assert(fc.property(fc.string({ maxLength: 200 }), (text) => void lastPhoneNumberIn(text, libphonenumberPlan)));
  });
});
