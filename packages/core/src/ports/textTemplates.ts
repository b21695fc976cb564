import type { SaveTextTemplateRequest, TextTemplate, TextTemplates } from '../wire/textTemplates.js';
import type { Call } from './call.js';

/** Whose templates a change is about: the signed-in lawyer's own, or the firm's (administrators only). */
export type TextTemplateScope = 'own' | 'firm';

/** Textbausteine on the chat host (docs/api.md "Text templates"). A firm-wide change needs the admin role (403 otherwise). */
export interface TextTemplatesApi {
  /** The signed-in lawyer's own templates and the firm's. */
  list(): Call<TextTemplates>;
  create(scope: TextTemplateScope, request: SaveTextTemplateRequest): Call<TextTemplate>;
  update(scope: TextTemplateScope, templateId: string, request: SaveTextTemplateRequest): Call<TextTemplate>;
  remove(scope: TextTemplateScope, templateId: string): Call<void>;
}
