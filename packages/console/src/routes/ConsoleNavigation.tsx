// The console's main navigation: the workspace, the screens every lawyer may open, and – for administrators only –
// the firm's administration. Links (not tabs): each screen has its own address under /konsole/; aria-current marks
// the one shown.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { LawyerProfile } from '@rechtschat/core';
import type { ConsoleTextKey } from '../i18n/texts.de.js';
import { consoleRoutes, isAdmin } from './consoleRoutes.js';

const LIST = { listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' } as const;

function NavEntry({ to, label, end }: { readonly to: string; readonly label: ConsoleTextKey; readonly end?: boolean }) {
  const { t } = useTranslation();
  return (
    <li>
      <Button
        component={NavLink}
        to={to}
        end={end ?? false}
        size="small"
        sx={{ '&[aria-current="page"]': { fontWeight: 'bold', textDecoration: 'underline', textUnderlineOffset: 4 } }}
      >
        {t(label)}
      </Button>
    </li>
  );
}

export function ConsoleNavigation({ me }: { readonly me: LawyerProfile }) {
  const { t } = useTranslation();
  const common = consoleRoutes.filter((route) => route.access === 'lawyer');
  const admin = isAdmin(me) ? consoleRoutes.filter((route) => route.access === 'admin') : [];
  return (
    <Box component="nav" aria-label={t('Shell.NavLabel')} sx={{ mb: 2, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
      <Box component="ul" sx={LIST}>
        <NavEntry to="/" label="Shell.Workspace" end />
        {common.map((route) => (
          <NavEntry key={route.path} to={`/${route.path}`} label={route.label} />
        ))}
      </Box>
      {admin.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Typography component="span" id="admin-nav-label" variant="body2" sx={{ color: 'text.secondary' }}>
            {t('Shell.AdminNavLabel')}
          </Typography>
          <Box component="ul" aria-labelledby="admin-nav-label" sx={LIST}>
            {admin.map((route) => (
              <NavEntry key={route.path} to={`/${route.path}`} label={route.label} />
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}
