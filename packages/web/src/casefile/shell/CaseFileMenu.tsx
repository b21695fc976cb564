// The drawer's entries (SPEC §2 "Case-file shell"): primary pages, then contact, imprint, legal texts and logout.
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { lawyerMenuKey, overviewPath } from '@rechtschat/core';
import { useInjection } from '../../app/ContainerContext.js';
import { AppConfigToken } from '../../app/tokens.js';
import { useCaseFileSession } from '../CaseFileContext.js';

export interface CaseFileMenuProps {
  /** Called after an entry was chosen (the menu closes). */
  readonly onChoose: () => void;
  readonly onLogout: () => void;
  readonly loggingOut: boolean;
}

function Entry({
  to,
  end = false,
  onChoose,
  children,
}: {
  readonly to: string;
  readonly end?: boolean;
  readonly onChoose: () => void;
  readonly children: ReactNode;
}) {
  return (
    <li>
      <ListItemButton
        component={NavLink}
        to={to}
        end={end}
        onClick={onChoose}
        sx={{ '&.active': { bgcolor: 'action.selected', fontWeight: 600, borderRight: 4, borderColor: 'primary.main' } }}
      >
        <ListItemText primary={children} />
      </ListItemButton>
    </li>
  );
}

export function CaseFileMenu({ onChoose, onLogout, loggingOut }: CaseFileMenuProps) {
  const { t } = useTranslation('common');
  const { token, lawyer } = useCaseFileSession();
  const { imprintUrl } = useInjection(AppConfigToken);
  const base = overviewPath(token);
  return (
    <>
      <List component="ul" aria-label={t('CaseFile.Shell.MenuLabel')}>
        <Entry to={base} end onChoose={onChoose}>
          {t('CaseFile.Menu.Home')}
        </Entry>
        <Entry to={`${base}/anwalt`} onChoose={onChoose}>
          {t(lawyerMenuKey(lawyer?.Gender))}
        </Entry>
        <Entry to={`${base}/falldaten`} onChoose={onChoose}>
          {t('CaseFile.Menu.CaseDetails')}
        </Entry>
        <Entry to={`${base}/persoenlich`} onChoose={onChoose}>
          {t('CaseFile.Menu.PersonalInfo')}
        </Entry>
        <Entry to={`${base}/dokumente`} onChoose={onChoose}>
          {t('CaseFile.Menu.Documents')}
        </Entry>
        <Entry to={`${base}/verlauf`} onChoose={onChoose}>
          {t('CaseFile.Menu.History')}
        </Entry>
      </List>
      <Divider />
      <List component="ul" aria-label={t('CaseFile.Shell.MoreLabel')}>
        <Entry to={`${base}/kontakt`} onChoose={onChoose}>
          {t('CaseFile.Menu.Contact')}
        </Entry>
        <li>
          <ListItemButton component="a" href={imprintUrl ?? '/impressum'} target="_blank" rel="noopener noreferrer" onClick={onChoose}>
            <ListItemText primary={t('CaseFile.Menu.Imprint')} />
          </ListItemButton>
        </li>
        <Entry to={`${base}/datenschutz`} onChoose={onChoose}>
          {t('CaseFile.Menu.Privacy')}
        </Entry>
        <Entry to={`${base}/nutzungsbedingungen`} onChoose={onChoose}>
          {t('CaseFile.Menu.Terms')}
        </Entry>
        <li>
          <ListItemButton component="button" onClick={onLogout} disabled={loggingOut} sx={{ width: '100%' }}>
            <ListItemText primary={t('CaseFile.Menu.Logout')} />
          </ListItemButton>
        </li>
      </List>
      <Box sx={{ height: 16 }} />
    </>
  );
}
