// Textbausteine (docs/api.md "Text templates"): phrases a lawyer inserts into the chat composer instead of typing them
// again – their own ("Meine Textbausteine") and the firm's ("Textbausteine der Kanzlei", kept by the administrators).
import * as t from 'io-ts';
import { Id, IsoDate } from './primitives.js';

/** One template: its title (shown in the lists and searched) and the text inserted into the composer. */
export const TextTemplate = t.type({ Id, Title: t.string, Text: t.string, UpdatedAt: IsoDate }, 'TextTemplate');
export type TextTemplate = t.TypeOf<typeof TextTemplate>;

/** GET api/lawyer/text-templates: the signed-in lawyer's own templates and the firm's, each sorted by title. */
export const TextTemplates = t.type({ Own: t.array(TextTemplate), Firm: t.array(TextTemplate) }, 'TextTemplates');
export type TextTemplates = t.TypeOf<typeof TextTemplates>;

const SAVE_FIELDS = ['Title', 'Text'];

/**
 * POST and PUT api/lawyer/text-templates and api/admin/text-templates: title (1–80 characters after trimming) and text
 * (1–750 characters, not only whitespace). Other fields are refused, so a misspelt field is not silently dropped.
 */
export const SaveTextTemplateRequest = t.refinement(
  t.type({ Title: t.string, Text: t.string }),
  (body) => Object.keys(body).every((key) => SAVE_FIELDS.includes(key)),
  'SaveTextTemplateRequest',
);
export type SaveTextTemplateRequest = t.TypeOf<typeof SaveTextTemplateRequest>;
