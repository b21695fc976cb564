// /konsole/textbausteine ("Meine Textbausteine", every lawyer) and /konsole/verwaltung/textbausteine ("Textbausteine
// der Kanzlei", administrators): the templates by title with their text, a dialog to create and change one, deleting
// after a question. Each success is announced in the status line; the focus returns to where the lawyer continues.
// From six templates on a search field (title and text) narrows the list, its matches announced politely: up to 200
// templates of a few lines each made the page some 28,000 px long.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { createTextTemplatesApi } from '@rechtschat/adapters';
import {
  MAX_TEXT_TEMPLATES_PER_OWNER,
  createTextTemplatesManager,
  type TextTemplate,
  type TextTemplateScope,
  type TextTemplatesApi,
  type TextTemplatesNotice,
} from '@rechtschat/core';
import { formatDateTime } from '../../i18n/i18n.js';
import type { ConsoleHttp, ConsoleScreenProps } from '../../routes/consoleRoutes.js';
import { useStream } from '../../workspace/useStream.js';
import { ScreenSection } from '../ScreenSection.js';
import { adminErrorText } from '../admin/adminErrors.js';
import { ConfirmDialog } from '../admin/ConfirmDialog.js';
import { ListSearchField } from '../admin/ListSearchField.js';
import { searchForm } from '../admin/searchForm.js';
import { TextTemplateFormDialog } from './TextTemplateFormDialog.js';

export interface TextTemplatesScreenProps {
  readonly api: TextTemplatesApi;
  readonly scope: TextTemplateScope;
  /** Call on a 401: the session ended. */
  readonly onSessionExpired: () => void;
}

/** The console's HTTP adapter of the Textbausteine, bound to the chat host. */
export const textTemplatesApiOf = (http: ConsoleHttp): TextTemplatesApi =>
  createTextTemplatesApi({ chatUrl: http.chatUrl, fetch: (input, init) => http.fetch(String(input), init) });

/** Route entry of "Meine Textbausteine". */
export function OwnTextTemplatesRoute({ http, onSessionExpired }: ConsoleScreenProps) {
  const api = useMemo(() => textTemplatesApiOf(http), [http]);
  return <TextTemplatesScreen api={api} scope="own" onSessionExpired={onSessionExpired} />;
}

/** Route entry of "Textbausteine der Kanzlei" (administrators). */
export function FirmTextTemplatesRoute({ http, onSessionExpired }: ConsoleScreenProps) {
  const api = useMemo(() => textTemplatesApiOf(http), [http]);
  return <TextTemplatesScreen api={api} scope="firm" onSessionExpired={onSessionExpired} />;
}

const noticeText = (t: TFunction, notice: TextTemplatesNotice): string => {
  switch (notice.kind) {
    case 'created':
      return t('Templates.Created', { title: notice.title });
    case 'updated':
      return t('Templates.Updated', { title: notice.title });
    case 'removed':
      return t('Templates.Removed', { title: notice.title });
  }
};

/** From this many templates on, the list has a search field. */
export const TEMPLATES_SEARCH_FROM = 6;

/** The form: a new template, or the one being changed. */
type Editing = { readonly template: TextTemplate | null } | null;

export function TextTemplatesScreen({ api, scope, onSessionExpired }: TextTemplatesScreenProps) {
  const { t } = useTranslation();
  const manager = useMemo(() => createTextTemplatesManager({ api, scope, onSessionExpired }), [api, scope, onSessionExpired]);
  useEffect(() => () => manager.dispose(), [manager]);
  const { load, error, busy, notice, noticed } = useStream(manager.state$, manager.snapshot());
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<TextTemplate | null>(null);
  useEffect(() => manager.load(), [manager]);
  const heading = useRef<HTMLHeadingElement>(null);
  // A success closes the form; the keyboard continues at the screen's heading (the changed entry may have moved).
  useEffect(() => {
    if (noticed === 0) return;
    setEditing(null);
    heading.current?.focus();
  }, [noticed]);
  const headingKey = scope === 'own' ? 'Templates.OwnHeading' : 'Templates.FirmHeading';
  const templates = load.state === 'ready' ? load.templates : null;
  const [query, setQuery] = useState('');
  const searchable = templates !== null && templates.length >= TEMPLATES_SEARCH_FROM;
  const needle = searchForm(query.trim());
  const shown =
    templates && searchable && needle !== ''
      ? templates.filter((template) => searchForm(template.Title).includes(needle) || searchForm(template.Text).includes(needle))
      : templates;
  const closeForm = () => {
    setEditing(null);
    manager.clearError();
  };

  return (
    <ScreenSection headingId="templates-heading" heading={t(headingKey)} headingRef={heading}>
      <Typography sx={{ mt: 1 }}>{t(scope === 'own' ? 'Templates.OwnIntro' : 'Templates.FirmIntro')}</Typography>
      <Box role="status" aria-live="polite" sx={{ my: 1, minHeight: '1.5em' }}>
        {notice ? noticeText(t, notice) : ''}
      </Box>
      {error && !editing && (
        <Alert severity="error" sx={{ my: 1 }}>
          {t('Templates.RemoveFailed', { message: adminErrorText(t, error) })}
        </Alert>
      )}
      {load.state === 'loading' && <Typography>{t('Templates.Loading')}</Typography>}
      {load.state === 'failed' && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => manager.load()}>
              {t('Templates.Retry')}
            </Button>
          }
        >
          {t('Templates.LoadFailed')}
        </Alert>
      )}
      {templates && (
        <>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
            <Button variant="contained" onClick={() => setEditing({ template: null })} disabled={templates.length >= MAX_TEXT_TEMPLATES_PER_OWNER}>
              {t('Templates.Add')}
            </Button>
            <Typography variant="body2" color="text.secondary">
              {t('Templates.Count', { count: templates.length, max: MAX_TEXT_TEMPLATES_PER_OWNER })}
            </Typography>
          </Stack>
          {searchable && (
            <Box role="search" aria-label={t('Templates.ListSearch')} sx={{ mt: 2 }}>
              <ListSearchField
                id="templates-search"
                label={t('Templates.ListSearch')}
                help={t('Templates.ListSearchHelp')}
                listId="templates-list"
                query={query}
                onQuery={setQuery}
                status={
                  needle === ''
                    ? ''
                    : shown?.length === 0
                      ? t('Templates.ListNoMatch', { query: query.trim() })
                      : t('Templates.ListMatches', { count: shown?.length ?? 0, total: templates.length, query: query.trim() })
                }
              />
            </Box>
          )}
          {templates.length === 0 ? (
            <Typography sx={{ mt: 2 }}>{t('Templates.None')}</Typography>
          ) : (
            <Box component="ul" id="templates-list" aria-labelledby="templates-heading" sx={{ listStyle: 'none', p: 0, mt: 2, mb: 0 }}>
              {(shown ?? templates).map((template) => (
                <Box component="li" key={template.Id} sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
                  <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 'bold', overflowWrap: 'anywhere' }}>
                    {template.Title}
                  </Typography>
                  <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{template.Text}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('Templates.UpdatedAt', { date: formatDateTime(template.UpdatedAt) })}
                  </Typography>
                  <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
                    <Button size="small" onClick={() => setEditing({ template })} aria-label={t('Templates.EditLabel', { title: template.Title })}>
                      {t('Templates.Edit')}
                    </Button>
                    <Button size="small" color="error" onClick={() => setRemoving(template)} aria-label={t('Templates.RemoveLabel', { title: template.Title })}>
                      {t('Templates.Remove')}
                    </Button>
                  </Stack>
                </Box>
              ))}
            </Box>
          )}
        </>
      )}
      {editing && (
        <TextTemplateFormDialog
          template={editing.template}
          busy={busy}
          error={error && adminErrorText(t, error)}
          onCancel={closeForm}
          onSave={(request) => (editing.template ? manager.update(editing.template.Id, request) : manager.create(request))}
        />
      )}
      {removing && (
        <ConfirmDialog
          id="remove-template"
          heading={t('Templates.RemoveHeading')}
          text={t('Templates.RemoveText', { title: removing.Title })}
          confirm={t('Templates.RemoveConfirm')}
          onCancel={() => setRemoving(null)}
          onConfirm={() => {
            setRemoving(null);
            manager.remove(removing);
          }}
        />
      )}
    </ScreenSection>
  );
}
