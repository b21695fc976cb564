// The chat composer's "Textbaustein einfügen": a search field (title and text, case-insensitive) and the templates
// grouped "Meine Textbausteine" / "Textbausteine der Kanzlei", each a button. Choosing one hands it to the composer,
// which inserts it at the caret; nothing is sent. Enter in the search inserts the only hit. Without any template the dialog says where to create them.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { take } from 'rxjs';
import { filterTextTemplates, type TextTemplate, type TextTemplates, type TextTemplatesApi } from '@rechtschat/core';
import type { ConsoleTextKey } from '../../i18n/texts.de.js';

export interface InsertTextTemplateDialogProps {
  readonly api: TextTemplatesApi;
  /** Names the chat the text goes into (the case reference), as the composer's label does. */
  readonly reference: string;
  readonly onChoose: (template: TextTemplate) => void;
  readonly onClose: () => void;
}

type Loaded = { readonly state: 'loading' } | { readonly state: 'failed' } | { readonly state: 'ready'; readonly templates: TextTemplates };

const PREVIEW = 120;
const preview = (text: string) => (text.length > PREVIEW ? `${text.slice(0, PREVIEW - 1)}…` : text);

function Group({
  id,
  heading,
  templates,
  onChoose,
}: {
  readonly id: string;
  readonly heading: ConsoleTextKey;
  readonly templates: readonly TextTemplate[];
  readonly onChoose: (template: TextTemplate) => void;
}) {
  const { t } = useTranslation();
  if (templates.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h3" id={id} sx={{ fontWeight: 'bold' }}>
        {t(heading)}
      </Typography>
      <List dense aria-labelledby={id}>
        {templates.map((template) => (
          <li key={template.Id}>
            <ListItemButton onClick={() => onChoose(template)} sx={{ borderRadius: 1 }}>
              <ListItemText
                primary={template.Title}
                secondary={preview(template.Text)}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } }, secondary: { sx: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } } }}
              />
            </ListItemButton>
          </li>
        ))}
      </List>
    </Box>
  );
}

export function InsertTextTemplateDialog({ api, reference, onChoose, onClose }: InsertTextTemplateDialogProps) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [query, setQuery] = useState('');
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    setLoaded({ state: 'loading' });
    const subscription = api
      .list()
      .pipe(take(1))
      .subscribe((result) => setLoaded(result._tag === 'Right' ? { state: 'ready', templates: result.right } : { state: 'failed' }));
    return () => subscription.unsubscribe();
  }, [api, attempt]);
  const templates = loaded.state === 'ready' ? loaded.templates : null;
  const none = templates !== null && templates.Own.length === 0 && templates.Firm.length === 0;
  const own = templates ? filterTextTemplates(templates.Own, query) : [];
  const firm = templates ? filterTextTemplates(templates.Firm, query) : [];
  const found = own.length + firm.length;

  return (
    // The composer takes the focus back itself (at the caret after the inserted text, or where it was on Escape).
    <Dialog open onClose={onClose} aria-labelledby="insert-template-heading" fullWidth maxWidth="sm" disableRestoreFocus>
      <DialogTitle id="insert-template-heading">{t('Templates.InsertHeading')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary">
          {t('Chat.InputFor', { reference })}
        </Typography>
        {loaded.state === 'loading' && <Typography sx={{ mt: 2 }}>{t('Templates.Loading')}</Typography>}
        {loaded.state === 'failed' && (
          <Alert
            severity="error"
            sx={{ mt: 2 }}
            action={
              <Button color="inherit" onClick={() => setAttempt((n) => n + 1)}>
                {t('Templates.Retry')}
              </Button>
            }
          >
            {t('Templates.LoadFailed')}
          </Alert>
        )}
        {none && (
          <Box sx={{ mt: 2 }}>
            <Typography>{t('Templates.InsertNone')}</Typography>
            <Link component={RouterLink} to="/textbausteine" onClick={onClose} sx={{ display: 'inline-block', mt: 1 }}>
              {t('Templates.InsertNoneLink')}
            </Link>
          </Box>
        )}
        {templates && !none && (
          <>
            <TextField
              type="search"
              label={t('Templates.Search')}
              helperText={t('Templates.SearchHelp')}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              // Enter with a single hit inserts it, as clicking it does (outside-in lawyer pass 2026-12-07: nothing
              // happened); with several it does nothing – Tab leads to them, as the hint says.
              onKeyDown={(e) => {
                const only = found === 1 ? (own[0] ?? firm[0]) : undefined;
                if (e.key !== 'Enter' || e.nativeEvent.isComposing || !only) return;
                e.preventDefault();
                onChoose(only);
              }}
              autoFocus
              fullWidth
              sx={{ mt: 2 }}
            />
            <Typography role="status" variant="body2" sx={{ mt: 1, minHeight: '1.5em' }}>
              {query.trim() === '' ? '' : found === 0 ? t('Templates.NoMatch', { query: query.trim() }) : t('Templates.Matches', { count: found })}
            </Typography>
            <Group id="insert-template-own" heading="Templates.OwnHeading" templates={own} onChoose={onChoose} />
            <Group id="insert-template-firm" heading="Templates.FirmHeading" templates={firm} onChoose={onChoose} />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('Templates.InsertClose')}</Button>
      </DialogActions>
    </Dialog>
  );
}
