// Public page /konsole/zugang#<token>: set-up, invitation and password-reset links.
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { AccountLinkApi } from '@rechtschat/core';
import { ScreenSection } from '../ScreenSection.js';

export function AccessLinkScreen(_props: { readonly api: AccountLinkApi }) {
  const { t } = useTranslation();
  return (
    <ScreenSection headingId="access-heading" heading="Zugang">
      <Typography sx={{ mt: 1 }}>{t('Shell.ComingSoon')}</Typography>
    </ScreenSection>
  );
}
