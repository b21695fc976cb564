/// <reference types="node" />
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BOT_MESSAGE_KEYS, ChatErrorKeys, VALIDATION_MESSAGE_KEYS } from '@rechtschat/core';
import { legalDocumentKeys } from '../legal/legalDocuments.js';
import { SERVICE_PAGES } from '../pages/services.js';
import { createI18n, resourcesDe } from './i18n.js';

const srcDir = fileURLToPath(new URL('..', import.meta.url));
const KEY_PREFIXES = ['App', 'Layout', 'Error', 'NotFound', 'Service', 'External', 'ServiceHours', 'Logout', 'Protocol', 'CaseFile', 'ChatPages', 'Chat', 'Bot', 'Legal'];
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

const i18n = createI18n();
const exists = (key: string) => Object.keys(resourcesDe).some((ns) => i18n.exists(key, { ns, count: 1 }) || i18n.exists(key, { ns }));

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
    const texts = Object.values(resourcesDe).flatMap((ns) => Object.values(ns) as string[]);
    expect(texts.filter((text) => /\b(du|dich|dir|dein|deine)\b/i.test(text))).toEqual([]);
  });
});
