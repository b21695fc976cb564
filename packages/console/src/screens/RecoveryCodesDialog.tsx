// Wiederherstellungscodes: the ten single-use codes of a newly confirmed factor or a renewal, shown once
// in a modal dialog with copying and a text-file download. The dialog closes only after the lawyer confirms the codes
// are saved – neither Escape nor a click beside it loses them unseen.
import { useId, useState } from 'react';
import { LiveNotice } from './LiveNotice.js';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../i18n/i18n.js';

export interface RecoveryCodesDialogProps {
  readonly codes: readonly string[];
  /** Named in the downloaded file, so a lawyer with several accounts knows which codes these are. */
  readonly email: string;
  readonly onDone: () => void;
  /** Clipboard and download, replaceable in tests. */
  readonly copyText?: (text: string) => Promise<void>;
  readonly download?: (fileName: string, text: string) => void;
}

const copyWithClipboard = (text: string) => navigator.clipboard.writeText(text);

function downloadAsFile(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

export function RecoveryCodesDialog({ codes, email, onDone, copyText = copyWithClipboard, download = downloadAsFile }: RecoveryCodesDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [saved, setSaved] = useState(false);
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);
  const lines = codes.join('\n');

  const copy = () =>
    void copyText(lines).then(
      () => setCopied('copied'),
      () => setCopied('failed'),
    );
  const save = () =>
    download(t('RecoveryCodes.FileName'), `${t('RecoveryCodes.FileHeading', { email, created: formatDateTime(new Date().toISOString()) })}\n\n${lines}\n`);

  return (
    // No onClose: Escape and the backdrop do nothing, closing is only "Fertig" after the confirmation.
    <Dialog open aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('RecoveryCodes.Heading')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography>{t('RecoveryCodes.Intro')}</Typography>
          <Typography>{t('RecoveryCodes.Keep')}</Typography>
          <Box
            component="ol"
            aria-label={t('RecoveryCodes.ListLabel')}
            sx={{ columns: 2, m: 0, pl: 4, fontFamily: 'monospace', fontSize: '1.1rem', letterSpacing: '0.05em' }}
          >
            {codes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </Box>
          <Stack direction="row" spacing={2}>
            <Button variant="outlined" onClick={copy}>
              {t('RecoveryCodes.Copy')}
            </Button>
            <Button variant="outlined" onClick={save}>
              {t('RecoveryCodes.Download')}
            </Button>
          </Stack>
          <LiveNotice politeness="polite" severity={copied === 'failed' ? 'warning' : 'success'}>
            {copied === 'copied' ? t('RecoveryCodes.Copied') : copied === 'failed' && t('RecoveryCodes.CopyFailed')}
          </LiveNotice>
          <FormControlLabel control={<Checkbox checked={saved} onChange={(e) => setSaved(e.target.checked)} />} label={t('RecoveryCodes.Saved')} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" disabled={!saved} onClick={onDone}>
          {t('RecoveryCodes.Done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
