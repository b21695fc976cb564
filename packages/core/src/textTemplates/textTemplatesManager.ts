// The Textbausteine for the screens that keep them: "Meine Textbausteine" (every lawyer, scope 'own') and
// "Textbausteine der Kanzlei" (administrators, scope 'firm'). Loads the list, creates, changes and removes templates of
// the one scope. A refused change keeps its error until the next one succeeds; every success is the `notice` of the
// status line, counted by `noticed` so the view can close its form and move the focus.
import { BehaviorSubject, Subscription, type Observable } from 'rxjs';
import { accountCaller, loadInto } from '../lawyer/account/accountCall.js';
import type { TextTemplateScope, TextTemplatesApi } from '../ports/textTemplates.js';
import type { AppError } from '../result.js';
import type { SaveTextTemplateRequest, TextTemplate, TextTemplates } from '../wire/textTemplates.js';
import { sortTextTemplates } from './textTemplateText.js';

export type TextTemplatesLoad =
  { readonly state: 'loading' } | { readonly state: 'failed' } | { readonly state: 'ready'; readonly templates: readonly TextTemplate[] };

export type TextTemplatesNotice =
  | { readonly kind: 'created'; readonly title: string }
  | { readonly kind: 'updated'; readonly title: string }
  | { readonly kind: 'removed'; readonly title: string };

export interface TextTemplatesManagerState {
  readonly load: TextTemplatesLoad;
  /** The last change was refused; cleared when the next call succeeds. */
  readonly error: AppError | null;
  readonly busy: boolean;
  readonly notice: TextTemplatesNotice | null;
  readonly noticed: number;
}

export interface TextTemplatesManager {
  readonly state$: Observable<TextTemplatesManagerState>;
  snapshot(): TextTemplatesManagerState;
  load(): void;
  create(request: SaveTextTemplateRequest): void;
  update(templateId: string, request: SaveTextTemplateRequest): void;
  remove(template: TextTemplate): void;
  /** Forgets a refusal, e.g. when the form it belonged to is closed. */
  clearError(): void;
  dispose(): void;
}

export interface TextTemplatesManagerDeps {
  readonly api: TextTemplatesApi;
  readonly scope: TextTemplateScope;
  readonly onSessionExpired: () => void;
}

export const initialTextTemplatesManagerState: TextTemplatesManagerState = { load: { state: 'loading' }, error: null, busy: false, notice: null, noticed: 0 };

const ofScope = (templates: TextTemplates, scope: TextTemplateScope) => sortTextTemplates(scope === 'own' ? templates.Own : templates.Firm);

export function createTextTemplatesManager({ api, scope, onSessionExpired }: TextTemplatesManagerDeps): TextTemplatesManager {
  const state = new BehaviorSubject<TextTemplatesManagerState>(initialTextTemplatesManagerState);
  const running = new Subscription();
  const run = accountCaller(running, onSessionExpired);
  const update = (change: Partial<TextTemplatesManagerState>) => state.next({ ...state.value, ...change });
  const current = (): readonly TextTemplate[] => (state.value.load.state === 'ready' ? state.value.load.templates : []);
  const succeeded = (templates: readonly TextTemplate[], notice: TextTemplatesNotice) =>
    update({ busy: false, error: null, load: { state: 'ready', templates }, notice, noticed: state.value.noticed + 1 });
  // The status line's last success would stand beside the refusal as if this change had worked too.
  const refused = (error: AppError) => update({ busy: false, error, notice: null });
  /** A 404 for a listed template: removed meanwhile (another device, another administrator) – it leaves the list too. */
  const refusedFor = (templateId: string) => (error: AppError) => {
    if (error._tag === 'HttpError' && error.status === 404 && state.value.load.state === 'ready')
      update({ load: { state: 'ready', templates: current().filter((t) => t.Id !== templateId) } });
    refused(error);
  };

  /** The loaded answer as the screen's ready state. */
  const shown = (templates: TextTemplates) => ({ state: 'ready', templates: ofScope(templates, scope) }) as const;

  return {
    state$: state.asObservable(),
    snapshot: () => state.value,
    load: () => loadInto(run, api.list(), (load) => update({ load }), shown),
    create: (request) => {
      update({ busy: true });
      run(api.create(scope, request), (created) => succeeded(sortTextTemplates([...current(), created]), { kind: 'created', title: created.Title }), refused);
    },
    update: (templateId, request) => {
      update({ busy: true });
      run(
        api.update(scope, templateId, request),
        (changed) => succeeded(sortTextTemplates(current().map((t) => (t.Id === changed.Id ? changed : t))), { kind: 'updated', title: changed.Title }),
        refusedFor(templateId),
      );
    },
    remove: (template) => {
      update({ busy: true });
      run(
        api.remove(scope, template.Id),
        () =>
          succeeded(
            current().filter((t) => t.Id !== template.Id),
            { kind: 'removed', title: template.Title },
          ),
        refusedFor(template.Id),
      );
    },
    clearError: () => update({ error: null }),
    dispose: () => {
      running.unsubscribe();
      state.complete();
    },
  };
}
