// A case file's link and PIN as the lawyer hands them over, shown once: after creating the file (CaseFileScreen) and
// after „Neuen Link erstellen“ (CaseFileLinkSection). Each is copied on its own, as they usually reach the client by
// different ways (link by e-mail, PIN by phone); before, a keyboard user had no way to take the link along but to type
// it off. The copy's outcome is announced (role="status").
import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ConsoleTextKey } from '../i18n/texts.de.js';

export interface LinkAndPinProps {
  readonly url: string;
  readonly pin: string;
  readonly copyText: (text: string) => Promise<void>;
  /** Prefix of the `data-testid`s of link and PIN (`<prefix>-link`, `<prefix>-pin`). */
  readonly testIdPrefix?: string;
}

export const copyWithClipboard = (text: string) => navigator.clipboard.writeText(text);

export function LinkAndPin({ url, pin, copyText, testIdPrefix = 'casefile' }: LinkAndPinProps) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<ConsoleTextKey | null>(null);
  const copy = (text: string, done: ConsoleTextKey) =>
    void copyText(text).then(
      () => setCopied(done),
      () => setCopied('CaseFile.CopyFailed'),
    );
  return (
    <>
      <Stack spacing={1} component="dl" sx={{ m: 0, '& dt': { fontWeight: 600 }, '& dd': { m: 0, wordBreak: 'break-all' } }}>
        <dt>{t('CaseFile.Link')}</dt>
        <dd data-testid={`${testIdPrefix}-link`}>{url}</dd>
        <dt>{t('CaseFile.Pin')}</dt>
        <dd data-testid={`${testIdPrefix}-pin`}>{pin}</dd>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }} useFlexGap>
        <Button variant="outlined" onClick={() => copy(url, 'CaseFile.LinkCopied')}>
          {t('CaseFile.CopyLink')}
        </Button>
        <Button variant="outlined" onClick={() => copy(pin, 'CaseFile.PinCopied')}>
          {t('CaseFile.CopyPin')}
        </Button>
      </Stack>
      <Typography role="status" variant="body2" sx={{ minHeight: '1.5em', mt: 1 }}>
        {copied === null ? '' : t(copied)}
      </Typography>
    </>
  );
}
