/// <reference types="node" />
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BOT_MESSAGE_KEYS, ChatErrorKeys, VALIDATION_MESSAGE_KEYS } from '@rechtschat/core';
import { legalDocumentKeys } from '../legal/legalDocuments.js';
import { SERVICE_PAGES } from '../pages/services.js';
import { chatScreenDe } from '../chat/screen/i18n.de.js';
import { fileForwardingDe } from '../chat/screen/fileForwarding.de.js';
import { ratingDe } from '../chat/screen/rating.de.js';
import { logoutConfirmationDe } from '../chat/screen/logoutConfirmation.de.js';
import { usageConfirmationDe } from '../chat/screen/usageConfirmation.de.js';
import { botDe } from './de-DE/bot.js';
import { caseFileDe } from './de-DE/caseFile.js';
import { caseFileLegalDe } from './de-DE/caseFileLegal.js';
import { externalDe } from './de-DE/external.js';
import { legalDe } from './de-DE/legal.js';
import { logoutDe } from './de-DE/logout.js';
import { pageShellDe } from './de-DE/pageShell.js';
import { protocolDe } from './de-DE/protocol.js';
import { protocolConfirmationDe } from './de-DE/protocolConfirmation.js';
import { serviceHoursDe } from './de-DE/serviceHours.js';
import { servicesDe } from './de-DE/services.js';
import { addTexts, createI18n, initialResourcesDe, NAMESPACES, type Namespace, type Texts } from './i18n.js';

const srcDir = fileURLToPath(new URL('..', import.meta.url));
const KEY_PREFIXES = [
  'App',
  'Layout',
  'Error',
  'NotFound',
  'Service',
  'External',
  'ServiceHours',
  'Logout',
  'Protocol',
  'CaseFile',
  'ChatPages',
  'Chat',
  'Bot',
  'Legal',
];
const KEY_LITERAL = new RegExp(`['"\`]((?:${KEY_PREFIXES.join('|')})\\.[A-Za-z0-9_.]+)['"\`]`, 'g');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$|test-?support/i.test(name) && !path.includes(`${join('i18n', 'de-DE')}`) ? [path] : [];
  });
}

/** Every complete key written as a string literal in the app's source (templates with ${…} are not keys). */
function keysUsedInSource(): Set<string> {
  const keys = new Set<string>();
  for (const file of sourceFiles(srcDir)) {
    for (const match of readFileSync(file, 'utf8').matchAll(KEY_LITERAL)) keys.add(match[1]!);
  }
  return keys;
}

/** The texts the lazily loaded areas add (chat screen, legal, case file and single pages); with the entry's texts, everything. */
const LAZY_TEXTS: ReadonlyArray<readonly [Namespace, Texts]> = [
  ['chat', chatScreenDe],
  ['chat', fileForwardingDe],
  ['chat', ratingDe],
  ['chat', logoutConfirmationDe],
  ['chat', usageConfirmationDe],
  ['bot', botDe],
  ['legal', legalDe],
  ['common', caseFileDe],
  ['common', caseFileLegalDe],
  ['common', externalDe],
  ['common', logoutDe],
  ['common', protocolDe],
  ['common', protocolConfirmationDe],
  ['common', serviceHoursDe],
  ['common', servicesDe],
];

/** An instance after every area was loaded, as in a session that visited all of them. */
function fullyLoadedI18n() {
  const instance = createI18n();
  for (const [ns, texts] of LAZY_TEXTS) addTexts(instance, ns, texts);
  return instance;
}

const i18n = fullyLoadedI18n();

/** Every German text of the app, the entry's and the lazily loaded areas'. */
const allTexts = (): string[] =>
  [...Object.values(initialResourcesDe).flat(), ...LAZY_TEXTS.map(([, bundle]) => bundle)].flatMap((bundle) => Object.values(bundle ?? {}));
const exists = (key: string) => NAMESPACES.some((ns) => i18n.exists(key, { ns, count: 1 }) || i18n.exists(key, { ns }));

describe('German translations', () => {
  it('should have a text for every key literal used in the source', () => {
    const used = [...keysUsedInSource()];
    expect(used.length).toBeGreaterThan(50);
    expect(used.filter((key) => !exists(key))).toEqual([]);
  });

  it('should have a German text for every bot message key of core', () => {
    expect(BOT_MESSAGE_KEYS.length).toBeGreaterThan(20);
    expect(BOT_MESSAGE_KEYS.filter((key) => !i18n.exists(key, { ns: 'bot' }))).toEqual([]);
  });

  it('should have a text for every error and validation key core can report', () => {
    const keys = [...Object.values(ChatErrorKeys), ...VALIDATION_MESSAGE_KEYS];
    expect(keys.filter((key) => !exists(key))).toEqual([]);
  });

  it('should have every key of the legal documents and service pages', () => {
    const keys = [...legalDocumentKeys(), ...SERVICE_PAGES.flatMap((s) => [s.titleKey, s.textKey, ...(s.extraKey ? [s.extraKey] : [])])];
    expect(keys.filter((key) => !exists(key))).toEqual([]);
  });

  it('should resolve bot keys from the chat namespace, as the chat screen looks them up', () => {
    expect(i18n.t('Bot.EMailConfirm', { ns: 'chat', value: 'max@example.de' })).toBe('Ist die E-Mail-Adresse max@example.de richtig?');
  });

  it('should keep both a key and its longer sibling (flat keys, no key separator)', () => {
    expect(i18n.t('Bot.Offboarding.WelcomeBack1', { ns: 'bot' })).not.toBe(i18n.t('Bot.Offboarding.WelcomeBack1.PhoneRequested', { ns: 'bot' }));
  });

  it('should address the user politely with "Sie", never "du"', () => {
    const texts = allTexts();
    expect(texts.length).toBeGreaterThan(200);
    expect(texts.filter((text) => /\b(du|dich|dir|dein|deine)\b/i.test(text))).toEqual([]);
  });

  it('should spell „Chatprotokoll“ as one word in every text, as the protocol page, the mails and the PDF do', () => {
    const texts = allTexts();
    expect(texts.filter((text) => /Chat[-\u2010\u2011 ]Protokoll/i.test(text))).toEqual([]);
    expect(texts.some((text) => text.includes('Chatprotokoll'))).toBe(true);
  });
});

describe('texts of lazily loaded areas', () => {
  it('should count every German text file either in the entry or in a lazily loaded area', async () => {
    const dir = join(srcDir, 'i18n', 'de-DE');
    const modules = await Promise.all(readdirSync(dir).map((name) => import(join(dir, name)) as Promise<Record<string, unknown>>));
    // pageShellDe goes into index.html at build time (appShell.ts), for a start whose chunks did not load: no namespace.
    const counted = new Set<unknown>([...Object.values(initialResourcesDe).flat(), ...LAZY_TEXTS.map(([, texts]) => texts), pageShellDe]);
    expect(modules.length).toBeGreaterThan(5);
    expect(
      modules
        .flatMap((m) => Object.entries(m))
        .filter(([, texts]) => !counted.has(texts))
        .map(([name]) => name),
    ).toEqual([]);
  });

  it('should start with only the entry texts, so the lazily loaded areas keep theirs in their chunks', () => {
    const fresh = createI18n();
    expect(fresh.exists('Protocol.Title')).toBe(false);
    expect(fresh.exists('CaseFile.Landing.Title')).toBe(false);
    expect(fresh.exists('Legal.TermsOfUse.Title', { ns: 'legal' })).toBe(false);
    expect(fresh.exists('Bot.Welcome', { ns: 'bot' })).toBe(false);
    expect(fresh.exists('Chat.Screen.SkipToInput', { ns: 'chat' })).toBe(false);
    expect(fresh.t('ChatPages.New.Preparing', { ns: 'chat' })).toBe('Ihre Beratung wird vorbereitet …');
  });

  it('should merge the chat screen texts into the chat namespace without losing the chat pages texts', () => {
    const instance = createI18n();
    addTexts(instance, 'chat', chatScreenDe);
    expect(instance.t('Chat.EnterValidEmail', { ns: 'chat' })).toBe(chatScreenDe['Chat.EnterValidEmail']);
    expect(instance.t('ChatPages.New.Preparing', { ns: 'chat' })).toBe('Ihre Beratung wird vorbereitet …');
  });

  it('should add a bundle once per instance and never overwrite a text already there', () => {
    const instance = createI18n();
    const bundle = { 'ChatPages.New.Preparing': 'anders', 'Chat.Extra': 'eins' };
    addTexts(instance, 'chat', bundle);
    instance.addResource('de-DE', 'chat', 'Chat.Extra', 'zwei');
    addTexts(instance, 'chat', bundle);
    expect(instance.t('ChatPages.New.Preparing', { ns: 'chat' })).toBe('Ihre Beratung wird vorbereitet …');
    expect(instance.t('Chat.Extra', { ns: 'chat' })).toBe('zwei');
    expect(createI18n().exists('Chat.Extra', { ns: 'chat' })).toBe(false);
  });
});
