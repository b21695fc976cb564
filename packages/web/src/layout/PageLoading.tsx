import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

/** Suspense fallback while a lazily loaded page arrives. */
export function PageLoading() {
  const { t } = useTranslation('common');
  return (
    <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
      <CircularProgress aria-label={t('App.Loading')} />
    </Box>
  );
}
