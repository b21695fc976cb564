import { of } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import type { TextTemplatesApi } from '../ports/textTemplates.js';
import { err, httpError, ok } from '../result.js';
import type { TextTemplate } from '../wire/textTemplates.js';
import { createTextTemplatesManager, initialTextTemplatesManagerState } from './textTemplatesManager.js';

const template = (Id: string, Title: string): TextTemplate => ({ Id, Title, Text: `${Title} …`, UpdatedAt: '2026-06-01T09:00:00.000Z' });
const own = [template('o2', 'Unterlagen'), template('o1', 'Begrüßung')];
const firm = [template('f1', 'Abschied')];

function setUp(scope: 'own' | 'firm', over: Partial<TextTemplatesApi> = {}) {
  const api: TextTemplatesApi = {
    list: vi.fn(() => of(ok({ Own: own, Firm: firm }))),
    create: vi.fn((_scope, request) => of(ok(template('new', request.Title.trim())))),
    update: vi.fn((_scope, id: string, request) => of(ok(template(id, request.Title)))),
    remove: vi.fn(() => of(ok(undefined))),
    ...over,
  };
  const onSessionExpired = vi.fn();
  return { api, manager: createTextTemplatesManager({ api, scope, onSessionExpired }), onSessionExpired };
}

describe('TextTemplatesManager', () => {
  it('should show the scope’s templates by title', () => {
    const { manager } = setUp('own');
    expect(manager.snapshot()).toEqual(initialTextTemplatesManagerState);
    manager.load();
    expect(manager.snapshot().load).toEqual({ state: 'ready', templates: [own[1], own[0]] });
    const firmManager = setUp('firm').manager;
    firmManager.load();
    expect(firmManager.snapshot().load).toEqual({ state: 'ready', templates: firm });
  });

  it('should create, change and remove in its scope and announce each success', () => {
    const { manager, api } = setUp('firm');
    manager.load();
    manager.create({ Title: ' Zeugen ', Text: 'Gibt es Zeugen?' });
    expect(api.create).toHaveBeenCalledWith('firm', { Title: ' Zeugen ', Text: 'Gibt es Zeugen?' });
    expect(manager.snapshot()).toMatchObject({ notice: { kind: 'created', title: 'Zeugen' }, noticed: 1, busy: false });
    manager.update('f1', { Title: 'Verabschiedung', Text: 'Auf Wiedersehen' });
    expect(api.update).toHaveBeenCalledWith('firm', 'f1', { Title: 'Verabschiedung', Text: 'Auf Wiedersehen' });
    const titles = () => {
      const load = manager.snapshot().load;
      return load.state === 'ready' ? load.templates.map((t) => t.Title) : [];
    };
    expect(titles()).toEqual(['Verabschiedung', 'Zeugen']);
    manager.remove(template('new', 'Zeugen'));
    expect(api.remove).toHaveBeenCalledWith('firm', 'new');
    expect(titles()).toEqual(['Verabschiedung']);
    expect(manager.snapshot()).toMatchObject({ notice: { kind: 'removed', title: 'Zeugen' }, noticed: 3 });
  });

  it('should keep a refusal until the next success and end the session on a 401', () => {
    const refusal = httpError(409, 'Conflict', 'Sie haben bereits 200 Textbausteine.');
    const { manager, onSessionExpired } = setUp('own', { create: () => of(err(refusal)), remove: () => of(err(httpError(401, 'NotAuthenticated', 'x'))) });
    manager.load();
    manager.create({ Title: 'Neu', Text: 'Text' });
    expect(manager.snapshot()).toMatchObject({ error: refusal, notice: null, busy: false });
    manager.clearError();
    expect(manager.snapshot().error).toBeNull();
    manager.remove(own[0]!);
    expect(onSessionExpired).toHaveBeenCalledOnce();
  });

  it('should drop a template the server no longer has (removed on another device) from the list, with the refusal', () => {
    const gone = err(httpError(404, 'NotFound', 'Der Textbaustein wurde nicht gefunden.'));
    const { manager } = setUp('own', { update: vi.fn(() => of(gone)), remove: vi.fn(() => of(gone)) });
    manager.load();
    manager.update('o2', { Title: 'Unterlagen', Text: 'Neu' });
    expect(manager.snapshot()).toMatchObject({ load: { state: 'ready', templates: [own[1]] }, error: { status: 404 }, busy: false });
    manager.remove(own[1]!);
    expect(manager.snapshot().load).toEqual({ state: 'ready', templates: [] });
  });

  it('should say when the list could not be read', () => {
    const { manager } = setUp('own', { list: () => of(err(httpError(500, 'Error', 'x'))) });
    manager.load();
    expect(manager.snapshot().load).toEqual({ state: 'failed' });
  });
});
