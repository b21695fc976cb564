// /konsole/verwaltung/team (administrators): the firm's lawyers with role, status, last login and second factor, the
// open invitations, and per lawyer a menu of actions, each in its own dialog. What happened is announced in a status
// line; keyboard focus returns to the lawyer's action button after a dialog. The list is read again after every action
// and whenever the window or tab is back in front (a colleague signed in, accepted a chat meanwhile) – no polling.
// From six people on a search field narrows the table (name, e-mail, role or status; the number of matches is announced
// politely): with 50 lawyers the table was some 2,500 px long, and finding one colleague meant scrolling or Ctrl+F.
// Every column with comparable data – Name (family name first, titles left out), E-Mail-Adresse, Rolle, Status, Letzte
// Anmeldung, Zweiter Faktor – sorts the table, search hits too, by a button in its heading (`aria-sort` on the sorted
// column; a second press turns the order round, a third returns to the server's order; each change is announced
// politely). Until one is pressed the table keeps the server's order: active people first, then by family name.
import { Fragment, useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  compareGerman,
  createTeamAdmin,
  familyNameFirst,
  type AdminTeamApi,
  type LawyerProfile,
  type PendingInvitation,
  type TeamMember,
} from '@rechtschat/core';
import { formatDateTime } from '../../i18n/i18n.js';
import { useStream } from '../../workspace/useStream.js';
import { useShownAgain } from '../useShownAgain.js';
import { ScreenSection } from '../ScreenSection.js';
import { ListSearchField } from './ListSearchField.js';
import { searchForm } from './searchForm.js';
import { adminErrorText } from './adminErrors.js';
import {
  DeactivateDialog,
  InviteDialog,
  noticeSeverity,
  noticeText,
  ReactivateDialog,
  ResetMfaDialog,
  ResetPasswordDialog,
  RoleDialog,
  WithdrawInvitationDialog,
} from './TeamDialogs.js';
import { LiveNotice } from '../LiveNotice.js';
import { visuallyHidden } from '../visuallyHidden.js';

export interface TeamScreenProps {
  readonly me: LawyerProfile;
  readonly ports: { readonly adminTeam: AdminTeamApi };
  readonly onSessionExpired: () => void;
}

type DialogState =
  | { readonly kind: 'invite'; readonly again?: PendingInvitation }
  | { readonly kind: 'withdraw'; readonly invitation: PendingInvitation }
  | { readonly kind: 'role' | 'deactivate' | 'reactivate' | 'resetPassword' | 'resetMfa'; readonly member: TeamMember };

export const mfaText = (t: TFunction, mfa: TeamMember['Mfa']): string => {
  const parts = [...(mfa.Totp ? [t('Team.MfaTotp')] : []), ...(mfa.Passkeys > 0 ? [t('Team.MfaPasskeys', { count: mfa.Passkeys })] : [])];
  return parts.length === 0 ? t('Team.MfaNone') : parts.join(', ');
};

/** From this many people on, the table has a search field (a firm of two or three needs none). */
export const TEAM_SEARCH_FROM = 6;

/** Whether the person's name, address, role or status (as the table shows them) contains the query, in search form. */
const memberMatches = (t: TFunction, member: TeamMember, needle: string) =>
  [member.Name, member.Email, t(`Team.Role.${member.Role}`), t(`Team.Status.${member.Status}`)].some((text) => searchForm(text).includes(needle));

/** The columns the table sorts by. */
type SortColumn = 'name' | 'email' | 'role' | 'status' | 'lastLogin' | 'mfa';

/** A column the operator chose, either way round. */
interface SortOrder {
  readonly column: SortColumn;
  readonly direction: 'ascending' | 'descending';
}

/**
 * The table's order: a chosen column, or the server's (active people first, then by family name) – `null` as the screen
 * opened, `'server'` after a third press on the sorted column brought it back (which is announced; the first is not).
 */
type TableOrder = SortOrder | 'server' | null;

/** A press on a column's heading: ascending first; on the sorted column descending, then the server's order again. */
const nextOrder = (current: TableOrder, column: SortColumn): TableOrder => {
  if (current === null || current === 'server' || current.column !== column) return { column, direction: 'ascending' };
  return current.direction === 'ascending' ? { column, direction: 'descending' } : 'server';
};

/** The table's column headings, in order, with the column a heading sorts by. */
const TEAM_COLUMNS: readonly { readonly key: string; readonly sort?: SortColumn }[] = [
  { key: 'Team.Name', sort: 'name' },
  { key: 'Team.Email', sort: 'email' },
  { key: 'Team.Role', sort: 'role' },
  { key: 'Team.Status', sort: 'status' },
  { key: 'Team.LastLogin', sort: 'lastLogin' },
  { key: 'Team.Mfa', sort: 'mfa' },
  { key: 'Team.Actions' },
];

/** When the person last signed in; never sorts as the oldest. */
const lastLoginTime = (member: TeamMember) => (member.LastLoginAt === null ? Number.NEGATIVE_INFINITY : Date.parse(member.LastLoginAt));

/** How many second factors the person has set up (the app and each passkey): none sorts first, ascending. */
const factorCount = (member: TeamMember) => (member.Mfa.Totp ? 1 : 0) + member.Mfa.Passkeys;

/** Compares two numbers, lower first. */
const byNumber = (a: number, b: number) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Ascending order of a column: names by family name in German order, addresses in German order without regard to case
 * (core's `compareGerman`), role and status as the table words them, second factor by how many are set up.
 */
const ascendingBy = (t: TFunction, column: SortColumn): ((a: TeamMember, b: TeamMember) => number) => {
  switch (column) {
    case 'name':
      return (a, b) => compareGerman(familyNameFirst(a.Name), familyNameFirst(b.Name));
    case 'email':
      return (a, b) => compareGerman(a.Email, b.Email);
    case 'role':
      return (a, b) => compareGerman(t(`Team.Role.${a.Role}`), t(`Team.Role.${b.Role}`));
    case 'status':
      return (a, b) => compareGerman(t(`Team.Status.${a.Status}`), t(`Team.Status.${b.Status}`));
    case 'lastLogin':
      return (a, b) => byNumber(lastLoginTime(a), lastLoginTime(b));
    case 'mfa':
      return (a, b) => byNumber(factorCount(a), factorCount(b));
  }
};

/** The people in the chosen order; equal ones keep the server's order (a stable sort), either way round. */
const sortedMembers = (t: TFunction, members: readonly TeamMember[], order: TableOrder): readonly TeamMember[] => {
  if (order === null || order === 'server') return members;
  const ascending = ascendingBy(t, order.column);
  return [...members].sort((a, b) => (order.direction === 'ascending' ? ascending(a, b) : ascending(b, a)));
};

export function TeamScreen({ me, ports, onSessionExpired }: TeamScreenProps) {
  const api = ports.adminTeam;
  const { t } = useTranslation();
  const team = useMemo(() => createTeamAdmin({ api, onSessionExpired }), [api, onSessionExpired]);
  useEffect(() => () => team.dispose(), [team]);
  const state = useStream(team.state$, team.snapshot());
  const { members, invitations, notice, noticed } = state;
  // Open invitations can be withdrawn; expired ones (listed 30 days) sent again or removed.
  const openInvitations = invitations.filter((invitation) => !invitation.Expired);
  const expiredInvitations = invitations.filter((invitation) => invitation.Expired);
  const loadError = state.loadError && adminErrorText(t, state.loadError);
  const [dialog, setDialog] = useState<DialogState | null>(null);
  /** `focusLast`: opened with the up arrow, the menu starts at its last item (the menu-button pattern). */
  const [menu, setMenu] = useState<{ readonly anchor: HTMLButtonElement; readonly member: TeamMember; readonly focusLast: boolean } | null>(null);
  const actionButtons = useRef(new Map<string, HTMLButtonElement>());
  const inviteButton = useRef<HTMLButtonElement>(null);
  const [query, setQuery] = useState('');
  const searchable = members !== null && members.length >= TEAM_SEARCH_FROM;
  const needle = searchForm(query.trim());
  const [order, setOrder] = useState<TableOrder>(null);
  const sortOrder = order === null || order === 'server' ? null : order;
  const found = members && searchable && needle !== '' ? members.filter((member) => memberMatches(t, member, needle)) : members;
  const shown = found && sortedMembers(t, found, order);
  const sortBy = (column: SortColumn) => setOrder((current) => nextOrder(current, column));

  useEffect(() => team.load(), [team]);
  useShownAgain(useCallback(() => team.refresh(), [team]));

  /** Back to where the dialog was opened from (the button is gone when its menu item's dialog opened). */
  const shownDialog = useRef(dialog);
  shownDialog.current = dialog;
  const [refocus, setRefocus] = useState<HTMLButtonElement | null>(null);
  const closeDialog = () => {
    const from = shownDialog.current;
    setDialog(null);
    team.dismissAction();
    // A withdrawn invitation's button is gone with it: the keyboard goes on at "einladen", like after an invitation.
    const target = from === null || from.kind === 'invite' || from.kind === 'withdraw' ? inviteButton.current : actionButtons.current.get(from.member.Id);
    setRefocus(target ?? null);
  };
  // Once the dialog is gone – after its own focus restore, which would pick its opener even when that is about to go.
  useEffect(() => {
    if (dialog !== null || refocus === null) return;
    refocus.focus();
    setRefocus(null);
  }, [dialog, refocus]);
  // A finished action closes its dialog; the notice is the status line and the list is read again.
  const closeDone = useRef(closeDialog);
  closeDone.current = closeDialog;
  useEffect(() => {
    if (noticed > 0) closeDone.current();
  }, [noticed]);
  const open = (kind: Exclude<DialogState['kind'], 'invite' | 'withdraw'>) => {
    if (!menu) return;
    // The list may be minutes old: the dialog reads the person's open work afresh before it offers „Deaktivieren“.
    if (kind === 'deactivate') team.prepareDeactivation(menu.member);
    setDialog({ kind, member: menu.member });
    setMenu(null);
  };
  const dialogProps = { team, state, onClose: closeDialog };
  // Escape, Tab or a click beside it: back on the person's button. The menu's own focus restore only returns to where
  // the focus was when it opened – nowhere when a click opened it without focusing the button (Safari).
  const closeMenu = () => {
    if (menu) setRefocus(menu.anchor);
    setMenu(null);
  };
  const openMenuByKey = (event: KeyboardEvent<HTMLButtonElement>, member: TeamMember) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    setMenu({ anchor: event.currentTarget, member, focusLast: event.key === 'ArrowUp' });
  };

  return (
    <ScreenSection headingId="team-heading" heading={t('Team.Heading')}>
      <Typography sx={{ my: 1 }}>{t('Team.Intro')}</Typography>
      <Stack direction="row" spacing={2} sx={{ my: 2 }}>
        <Button variant="contained" ref={inviteButton} onClick={() => setDialog({ kind: 'invite' })}>
          {t('Team.Invite')}
        </Button>
      </Stack>
      <LiveNotice politeness="polite" regionRole="status" severity={notice ? noticeSeverity(notice) : 'success'} sx={{ mb: 2, overflowWrap: 'anywhere' }}>
        {notice && noticeText(t, notice, me.Id)}
      </LiveNotice>
      {/* In the page from the start, empty until a heading's button sorts the table; the order is seen at the heading.
          No role="status": the screen's status line is the notice's. */}
      <Box aria-live="polite" id="team-sort-notice" sx={visuallyHidden}>
        {sortOrder ? t(`Team.Sorted.${sortOrder.column}.${sortOrder.direction}`) : order === 'server' && t('Team.SortedAsServer')}
      </Box>
      {loadError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => team.load()}>
              {t('Team.Reload')}
            </Button>
          }
        >
          {loadError}
        </Alert>
      )}
      {members === null && !loadError && <Typography role="status">{t('Team.Loading')}</Typography>}
      {members && searchable && (
        <Box role="search" aria-label={t('Team.Search')} sx={{ mb: 2 }}>
          <ListSearchField
            id="team-search"
            label={t('Team.Search')}
            help={t('Team.SearchHelp')}
            listId="team-table"
            query={query}
            onQuery={setQuery}
            status={
              needle === ''
                ? t('Team.Count', { count: members.length })
                : shown?.length === 0
                  ? t('Team.NoMatch', { query: query.trim() })
                  : t('Team.Matches', { count: shown?.length ?? 0, total: members.length, query: query.trim() })
            }
          />
        </Box>
      )}
      {shown && (
        <TableContainer tabIndex={0} role="region" aria-label={t('Team.TableLabel')} id="team-table">
          <Table size="small" aria-label={t('Team.TableLabel')}>
            <TableHead>
              <TableRow>
                {TEAM_COLUMNS.map(({ key, sort }) => {
                  const sorted = sort !== undefined && sortOrder?.column === sort;
                  const direction = sorted && sortOrder.direction === 'descending' ? 'desc' : 'asc';
                  return (
                    <TableCell key={key} component="th" scope="col" sortDirection={sorted ? direction : false}>
                      {sort === undefined ? (
                        t(key)
                      ) : (
                        <TableSortLabel component="button" active={sorted} direction={direction} onClick={() => sortBy(sort)}>
                          {t(key)}
                        </TableSortLabel>
                      )}
                    </TableCell>
                  );
                })}
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((member) => (
                <TableRow key={member.Id} sx={member.Status === 'deactivated' ? { '& td, & th': { color: 'text.secondary' } } : undefined}>
                  <TableCell component="th" scope="row">
                    {member.Name} {member.Id === me.Id ? t('Team.You') : ''}
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    <EmailWithBreaks email={member.Email} />
                  </TableCell>
                  <TableCell>{t(`Team.Role.${member.Role}`)}</TableCell>
                  <TableCell>{t(`Team.Status.${member.Status}`)}</TableCell>
                  <TableCell>{member.LastLoginAt ? formatDateTime(member.LastLoginAt) : t('Team.NeverSignedIn')}</TableCell>
                  <TableCell>{mfaText(t, member.Mfa)}</TableCell>
                  <TableCell>
                    <Button
                      size="small"
                      variant="outlined"
                      aria-haspopup="menu"
                      aria-expanded={menu?.member.Id === member.Id}
                      aria-controls={menu?.member.Id === member.Id ? 'team-actions' : undefined}
                      id={actionsButtonId(member)}
                      aria-label={t('Team.ActionsFor', { name: member.Name })}
                      ref={(node) => {
                        if (node) actionButtons.current.set(member.Id, node);
                        else actionButtons.current.delete(member.Id);
                      }}
                      onClick={(event) => setMenu({ anchor: event.currentTarget, member, focusLast: false })}
                      onKeyDown={(event) => openMenuByKey(event, member)}
                    >
                      {t('Team.Actions')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {openInvitations.length > 0 && (
        <Box component="section" aria-labelledby="pending-heading" sx={{ mt: 3 }}>
          <Typography variant="h6" component="h3" id="pending-heading">
            {t('Team.PendingHeading')}
          </Typography>
          <Box component="ul" sx={{ pl: 3 }}>
            {openInvitations.map((invitation) => (
              <li key={invitation.Id}>
                {t('Team.PendingItem', { email: invitation.Email, role: t(`Team.Role.${invitation.Role}`), expires: formatDateTime(invitation.ExpiresAt) })}{' '}
                <Button
                  size="small"
                  aria-label={t('Team.WithdrawLabel', { email: invitation.Email })}
                  onClick={() => setDialog({ kind: 'withdraw', invitation })}
                >
                  {t('Team.Withdraw')}
                </Button>
              </li>
            ))}
          </Box>
        </Box>
      )}
      {expiredInvitations.length > 0 && (
        <Box component="section" aria-labelledby="expired-heading" sx={{ mt: 3 }}>
          <Typography variant="h6" component="h3" id="expired-heading">
            {t('Team.ExpiredHeading')}
          </Typography>
          <Typography variant="body2">{t('Team.ExpiredIntro')}</Typography>
          <Box component="ul" sx={{ pl: 3 }}>
            {expiredInvitations.map((invitation) => (
              <li key={invitation.Id}>
                {t('Team.ExpiredItem', { email: invitation.Email, role: t(`Team.Role.${invitation.Role}`), expired: formatDateTime(invitation.ExpiresAt) })}{' '}
                <Button
                  size="small"
                  aria-label={t('Team.ReinviteLabel', { email: invitation.Email })}
                  onClick={() => setDialog({ kind: 'invite', again: invitation })}
                >
                  {t('Team.Reinvite')}
                </Button>
                <Button
                  size="small"
                  aria-label={t('Team.RemoveExpiredLabel', { email: invitation.Email })}
                  onClick={() => setDialog({ kind: 'withdraw', invitation })}
                >
                  {t('Team.RemoveExpired')}
                </Button>
              </li>
            ))}
          </Box>
        </Box>
      )}
      {/* Named by its button („Aktionen für …“): the menu says whose account its actions change. */}
      <Menu
        id="team-actions"
        anchorEl={menu?.anchor ?? null}
        open={menu !== null}
        onClose={closeMenu}
        slotProps={{
          list: menu ? { 'aria-labelledby': actionsButtonId(menu.member) } : {},
          transition: {
            onEntering: (node: HTMLElement) => {
              if (menu?.focusLast) [...node.querySelectorAll<HTMLElement>('[role="menuitem"]')].at(-1)?.focus();
            },
          },
        }}
      >
        {/* A deactivated account keeps its role until it is reactivated (the server refuses the change with 409). */}
        {menu && menu.member.Id !== me.Id && menu.member.Status === 'active' && <MenuItem onClick={() => open('role')}>{t('Team.ChangeRole')}</MenuItem>}
        {menu && menu.member.Id !== me.Id && menu.member.Status === 'active' && <MenuItem onClick={() => open('deactivate')}>{t('Team.Deactivate')}</MenuItem>}
        {menu && menu.member.Status === 'deactivated' && <MenuItem onClick={() => open('reactivate')}>{t('Team.Reactivate')}</MenuItem>}
        {menu && menu.member.Status === 'active' && <MenuItem onClick={() => open('resetPassword')}>{t('Team.ResetPassword')}</MenuItem>}
        {/* Only a factor that exists: the reset also signs the lawyer out everywhere, for nothing when none is set up. */}
        {menu && (menu.member.Mfa.Totp || menu.member.Mfa.Passkeys > 0) && <MenuItem onClick={() => open('resetMfa')}>{t('Team.ResetMfa')}</MenuItem>}
      </Menu>
      {dialog?.kind === 'invite' && (
        <InviteDialog {...dialogProps} {...(dialog.again ? { initial: { email: dialog.again.Email, role: dialog.again.Role } } : {})} />
      )}
      {dialog?.kind === 'withdraw' && <WithdrawInvitationDialog {...dialogProps} invitation={dialog.invitation} />}
      {dialog?.kind === 'role' && <RoleDialog {...dialogProps} member={dialog.member} />}
      {dialog?.kind === 'deactivate' && (
        <DeactivateDialog {...dialogProps} member={members?.find((m) => m.Id === dialog.member.Id) ?? dialog.member} colleagues={members ?? []} />
      )}
      {dialog?.kind === 'reactivate' && <ReactivateDialog {...dialogProps} member={dialog.member} />}
      {dialog?.kind === 'resetPassword' && <ResetPasswordDialog {...dialogProps} member={dialog.member} />}
      {dialog?.kind === 'resetMfa' && <ResetMfaDialog {...dialogProps} member={dialog.member} />}
    </ScreenSection>
  );
}

/** The person's actions button, which also names the menu it opens. */
const actionsButtonId = (member: TeamMember) => `team-actions-${member.Id}`;

/**
 * An address may wrap – before the @ and after a dot first, anywhere else only if a part is still too long: unbroken,
 * the long ones pushed the actions column out of the card's width, behind a sideways scroll.
 */
function EmailWithBreaks({ email }: { readonly email: string }) {
  const parts = email.split(/(?=@)|(?<=\.)/);
  return parts.map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}
