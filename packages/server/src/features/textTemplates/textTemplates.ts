// The Textbausteine (docs/api.md "Text templates"): every lawyer keeps their own, the administrators the firm's. Each
// change is validated with a German message (the limits are core's, which the console checks too); a lawyer's own
// template is reached only with its owner's session – another lawyer's id or a firm template's answers 404, as if it
// did not exist. Every change of a firm template writes an audit entry in its transaction.
import {
  MAX_TEXT_TEMPLATE_TEXT_LENGTH,
  MAX_TEXT_TEMPLATE_TITLE_LENGTH,
  MAX_TEXT_TEMPLATES_PER_OWNER,
  sortTextTemplates,
  textTemplateTitle,
  textTemplateViolation,
  type SaveTextTemplateRequest,
  type TextTemplate,
  type TextTemplates,
  type TextTemplateViolation,
} from '@rechtschat/core';
import type { Clock } from '../../platform/clock.js';
import { DomainError, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { Db } from '../../platform/storage/database.js';
import { recordAdminAction, type AuditActor, type AuditEntry } from '../admin/index.js';
import { deleteTemplate, findTemplate, findTemplates, insertTemplateWithin, updateTemplate, type Audit, type Owner } from './textTemplateQueries.js';
import type { TextTemplatesTable } from './tables.js';

export interface TextTemplatesDeps {
  readonly db: Db;
  readonly clock: Clock;
}

/** Whose templates: a lawyer's own (no audit), or the firm's, changed by an administrator (audited). */
export type TemplateOwner = { readonly kind: 'own'; readonly lawyerId: string } | { readonly kind: 'firm'; readonly actor: AuditActor };

const VIOLATION_MESSAGES: Record<TextTemplateViolation, string> = {
  TitleMissing: 'Bitte geben Sie dem Textbaustein einen Titel.',
  TitleTooLong: `Der Titel darf höchstens ${MAX_TEXT_TEMPLATE_TITLE_LENGTH} Zeichen lang sein.`,
  TitleInvalid: 'Der Titel muss in eine Zeile passen und darf keine Steuerzeichen enthalten.',
  TextMissing: 'Bitte geben Sie den Text des Textbausteins ein.',
  TextTooLong: `Der Text darf höchstens ${MAX_TEXT_TEMPLATE_TEXT_LENGTH} Zeichen lang sein, so lang wie eine Chat-Nachricht.`,
};
const VIOLATION_FIELDS: Record<TextTemplateViolation, 'Title' | 'Text'> = {
  TitleMissing: 'Title',
  TitleTooLong: 'Title',
  TitleInvalid: 'Title',
  TextMissing: 'Text',
  TextTooLong: 'Text',
};

const templateNotFound = () => notFound('Der Textbaustein');

const ownerId = (owner: TemplateOwner): Owner => (owner.kind === 'own' ? owner.lawyerId : null);
const changedBy = (owner: TemplateOwner): string | null => (owner.kind === 'own' ? owner.lawyerId : owner.actor.id);

export const templateView = (row: TextTemplatesTable): TextTemplate => ({ Id: row.id, Title: row.title, Text: row.text, UpdatedAt: row.updated_at });

/** The title trimmed and the text as sent, or a 400 with the German message and the field at fault. */
function validTemplate(request: SaveTextTemplateRequest): { title: string; text: string } {
  const violation = textTemplateViolation(request);
  if (violation !== null) throw new DomainError('BadRequest', VIOLATION_MESSAGES[violation], 400, { Field: VIOLATION_FIELDS[violation] });
  return { title: textTemplateTitle(request.Title), text: request.Text };
}

const audited = (deps: TextTemplatesDeps, owner: TemplateOwner, entry: AuditEntry): Audit | null =>
  owner.kind === 'own' ? null : (trx) => recordAdminAction(trx, deps.clock, owner.actor, entry);

/** GET api/lawyer/text-templates: the lawyer's own and the firm's, each by title. */
export async function listTextTemplates(deps: TextTemplatesDeps, lawyerId: string): Promise<TextTemplates> {
  const [own, firm] = await Promise.all([findTemplates(deps.db, lawyerId), findTemplates(deps.db, null)]);
  return { Own: sortTextTemplates(own.map(templateView)), Firm: sortTextTemplates(firm.map(templateView)) };
}

export async function createTextTemplate(deps: TextTemplatesDeps, owner: TemplateOwner, request: SaveTextTemplateRequest): Promise<TextTemplate> {
  const { title, text } = validTemplate(request);
  const now = deps.clock.now().toISOString();
  const row: TextTemplatesTable = { id: newId(), owner_lawyer_id: ownerId(owner), title, text, created_at: now, updated_at: now, updated_by: changedBy(owner) };
  const entry: AuditEntry = { action: 'textTemplate.firm.created', target: { kind: 'textTemplate', id: row.id, label: title } };
  const result = await insertTemplateWithin(deps.db, row, MAX_TEXT_TEMPLATES_PER_OWNER, audited(deps, owner, entry));
  if (result === 'full') {
    throw new DomainError(
      'Conflict',
      owner.kind === 'own'
        ? `Sie haben bereits ${MAX_TEXT_TEMPLATES_PER_OWNER} Textbausteine, mehr sind nicht möglich. Bitte löschen Sie zuerst einen, den Sie nicht mehr brauchen.`
        : `Die Kanzlei hat bereits ${MAX_TEXT_TEMPLATES_PER_OWNER} Textbausteine, mehr sind nicht möglich. Bitte löschen Sie zuerst einen, der nicht mehr gebraucht wird.`,
    );
  }
  return templateView(row);
}

export async function updateTextTemplate(deps: TextTemplatesDeps, owner: TemplateOwner, id: string, request: SaveTextTemplateRequest): Promise<TextTemplate> {
  const { title, text } = validTemplate(request);
  const before = await findTemplate(deps.db, ownerId(owner), id);
  if (before === undefined) throw templateNotFound();
  // Saved unchanged: nothing to write – no new „geändert“ time or author, no „Textbaustein geändert“ in the Protokoll.
  if (before.title === title && before.text === text) return templateView(before);
  const changes = { title, text, updated_at: deps.clock.now().toISOString(), updated_by: changedBy(owner) };
  const entry: AuditEntry = {
    action: 'textTemplate.firm.updated',
    target: { kind: 'textTemplate', id, label: title },
    ...(before.title === title ? {} : { details: { previousTitle: before.title } }),
  };
  if (!(await updateTemplate(deps.db, ownerId(owner), id, changes, audited(deps, owner, entry)))) throw templateNotFound();
  return templateView({ ...before, ...changes });
}

export async function removeTextTemplate(deps: TextTemplatesDeps, owner: TemplateOwner, id: string): Promise<void> {
  const before = await findTemplate(deps.db, ownerId(owner), id);
  if (before === undefined) throw templateNotFound();
  const entry: AuditEntry = { action: 'textTemplate.firm.removed', target: { kind: 'textTemplate', id, label: before.title } };
  if (!(await deleteTemplate(deps.db, ownerId(owner), id, audited(deps, owner, entry)))) throw templateNotFound();
}
