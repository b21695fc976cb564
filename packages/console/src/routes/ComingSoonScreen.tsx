// Stand-in for a screen another change brings (see consoleRoutes.tsx).
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ScreenSection } from '../screens/ScreenSection.js';
import type { ConsoleScreenProps } from './consoleRoutes.js';
import { useCurrentRoute } from './ConsoleRouter.js';

export function ComingSoonScreen(_props: ConsoleScreenProps) {
  const { t } = useTranslation();
  const route = useCurrentRoute();
  return (
    <ScreenSection headingId="coming-soon-heading" heading={route ? t(route.label) : ''}>
      <Typography sx={{ mt: 1 }}>{t('Shell.ComingSoon')}</Typography>
    </ScreenSection>
  );
}
