// /konsole/verwaltung/servicezeiten (administrators): whether the chat is open now, the weekly schedule (from the
// console, else SERVICE_HOURS) in an editor, the closure days with their note, and a form to add one. Removing a closure
// and going back to SERVICE_HOURS ask first. Each success is announced in the status line and the focus moves to the
// part that changed. Left open, the page says „jetzt geöffnet“ or „jetzt geschlossen“ as the clock goes on.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { createServiceHoursAdminApi } from '@rechtschat/adapters';
import {
  berlinDateOf,
  createServiceHoursAdmin,
  type ServiceClosure,
  type ServiceHoursAdminApi,
  type ServiceHoursNotice,
  type ServiceHoursSettings,
} from '@rechtschat/core';
import { formatDateTime, formatTime, TIME_ZONE } from '../../../i18n/i18n.js';
import type { ConsoleScreenProps } from '../../../routes/consoleRoutes.js';
import { useStream } from '../../../workspace/useStream.js';
import { ScreenSection } from '../../ScreenSection.js';
import { adminErrorText } from '../adminErrors.js';
import { ClosureForm } from './ClosureForm.js';
import { ClosureList } from './ClosureList.js';
import { ConfirmDialog } from '../ConfirmDialog.js';
import { closurePeriod } from './closureDates.js';
import { WeeklyHoursForm } from './WeeklyHoursForm.js';

export interface ServiceHoursScreenProps {
  readonly api: ServiceHoursAdminApi;
  /** Call on a 401: the session ended. */
  readonly onSessionExpired: () => void;
  /** The clock for „heute“ and „morgen“ (tests pin it); the browser's by default. */
  readonly now?: () => number;
}

/** The route's entry: binds the HTTP adapter to the console's chat host. */
export function ServiceHoursRoute({ http, onSessionExpired }: ConsoleScreenProps) {
  const api = useMemo(() => createServiceHoursAdminApi({ chatUrl: http.chatUrl, fetch: (input, init) => http.fetch(String(input), init) }), [http]);
  return <ServiceHoursScreen api={api} onSessionExpired={onSessionExpired} />;
}

const noticeText = (t: TFunction, notice: ServiceHoursNotice): string => {
  switch (notice.kind) {
    case 'weeklySaved':
      return t('Hours.Saved');
    case 'weeklyReset':
      return t('Hours.WasReset');
    case 'closureAdded':
      return t('Hours.ClosureAdded', { note: notice.note });
    case 'closureRemoved':
      return t('Hours.ClosureRemoved', { note: notice.note });
  }
};

/** Where the keyboard continues after a change: the part that changed. */
const FOCUS_AFTER: Record<ServiceHoursNotice['kind'], string | null> = {
  weeklySaved: 'hours-weekly-heading',
  weeklyReset: 'hours-weekly-heading',
  closureAdded: null, // the add form is mounted anew with the focus in its first field
  closureRemoved: 'hours-closures-heading',
};

let weekdayDateFormat: Intl.DateTimeFormat | undefined;

/**
 * When the chat opens again, as one says it: „heute um 08:00 Uhr“, „morgen um 08:00 Uhr“, otherwise with the weekday
 * („am Montag, 14.12.2026, um 08:00 Uhr“) – today and tomorrow are Europe/Berlin calendar days of `now`.
 */
export function opensAtText(t: TFunction, opensAt: string, now: number): string {
  const day = berlinDateOf(Date.parse(opensAt));
  const today = berlinDateOf(now);
  const [year, month, date] = today.split('-').map(Number) as [number, number, number];
  const tomorrow = new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
  const time = formatTime(opensAt);
  if (day === today) return t('Hours.OpensToday', { time });
  if (day === tomorrow) return t('Hours.OpensTomorrow', { time });
  weekdayDateFormat ??= new Intl.DateTimeFormat('de-DE', { weekday: 'long', day: '2-digit', month: '2-digit', year: 'numeric', timeZone: TIME_ZONE });
  return t('Hours.OpensAt', { date: weekdayDateFormat.format(new Date(opensAt)), time });
}

/**
 * Open now or not, today's closure and when it opens again – read again by the use case when that may change (a
 * period's beginning or end, midnight), so a page left open follows the clock. The sentences are a polite live region of
 * their own, read out as a whole when they change (not when the page appears); the focus stays where it is. The Alert is
 * role="none": its default role="alert" would read them out assertively, the source line included.
 */
function NowOpen({ settings, now }: { readonly settings: ServiceHoursSettings; readonly now: () => number }) {
  const { t } = useTranslation();
  const { Effective: effective } = settings;
  return (
    <Alert role="none" severity={effective.IsOpen ? 'success' : 'info'} sx={{ my: 2 }}>
      <div aria-live="polite" aria-atomic="true">
        <Typography>{effective.IsOpen ? t('Hours.OpenNow') : t('Hours.ClosedNow')}</Typography>
        {effective.Closure && <Typography>{t('Hours.ClosedToday', { note: effective.Closure.Note })}</Typography>}
        {!effective.IsOpen && effective.OpensAt && <Typography>{opensAtText(t, effective.OpensAt, now())}</Typography>}
      </div>
      <Typography variant="body2" sx={{ mt: 1 }}>
        {settings.Source === 'console' && settings.UpdatedByName && settings.UpdatedAt
          ? t('Hours.SourceConsole', { name: settings.UpdatedByName, date: formatDateTime(settings.UpdatedAt) })
          : t('Hours.SourceEnvironment')}
      </Typography>
    </Alert>
  );
}

export function ServiceHoursScreen({ api, onSessionExpired, now = Date.now }: ServiceHoursScreenProps) {
  const { t } = useTranslation();
  const hours = useMemo(() => createServiceHoursAdmin({ api, onSessionExpired }), [api, onSessionExpired]);
  useEffect(() => () => hours.dispose(), [hours]);
  const { load, error, errorOf, busy, notice, noticed } = useStream(hours.state$, hours.snapshot());
  const [removing, setRemoving] = useState<ServiceClosure | null>(null);
  const [resetting, setResetting] = useState(false);
  useEffect(() => hours.load(), [hours]);
  useEffect(() => {
    const kind = hours.snapshot().notice?.kind;
    const target = kind === undefined ? null : FOCUS_AFTER[kind];
    if (noticed > 0 && target !== null) document.getElementById(target)?.focus();
  }, [noticed, hours]);
  const errorText = error && t('Hours.Failed', { message: adminErrorText(t, error) });
  const settings = load.state === 'ready' ? load.settings : null;
  // The editor starts from what is stored after each accepted change; a refusal keeps what was typed.
  const weeklyKey = settings ? `${settings.Source}-${settings.UpdatedAt ?? ''}-${JSON.stringify(settings.Weekly)}` : '';
  // The add form is mounted anew (empty) only after an accepted closure: the count of the last one stays when a later
  // refusal clears the notice, so a refused closure keeps what was typed for correction.
  const [closureAdds, setClosureAdds] = useState(0);
  if (notice?.kind === 'closureAdded' && noticed !== closureAdds) setClosureAdds(noticed);

  return (
    <ScreenSection headingId="service-hours-heading" heading={t('Hours.Heading')}>
      <Typography sx={{ mt: 1 }}>{t('Hours.Intro')}</Typography>
      <Box role="status" aria-live="polite" sx={{ my: 1, minHeight: '1.5em' }}>
        {notice ? noticeText(t, notice) : ''}
      </Box>
      {load.state === 'loading' && <Typography>{t('Hours.Loading')}</Typography>}
      {load.state === 'failed' && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => hours.load()}>
              {t('Hours.Retry')}
            </Button>
          }
        >
          {t('Hours.LoadFailed')}
        </Alert>
      )}
      {settings && (
        <>
          <NowOpen settings={settings} now={now} />
          <WeeklyHoursForm
            key={weeklyKey}
            initial={settings.Weekly}
            busy={busy}
            error={errorOf === 'weekly' ? errorText : null}
            onSave={(h) => hours.saveWeekly(h)}
          />
          {settings.Source === 'console' && (
            <Button sx={{ mt: 1 }} onClick={() => setResetting(true)}>
              {t('Hours.Reset')}
            </Button>
          )}
          <ClosureList closures={settings.Closures} onRemove={setRemoving} />
          <ClosureForm
            key={closureAdds}
            busy={busy}
            focusFirst={closureAdds > 0}
            error={errorOf === 'closure' ? errorText : null}
            onAdd={(request) => hours.addClosure(request)}
          />
        </>
      )}
      {removing && (
        <ConfirmDialog
          id="remove-closure"
          heading={t('Hours.RemoveHeading')}
          text={t('Hours.RemoveText', { note: removing.Note, period: closurePeriod(t, removing) })}
          confirm={t('Hours.RemoveConfirm')}
          onCancel={() => setRemoving(null)}
          onConfirm={() => {
            setRemoving(null);
            hours.removeClosure(removing);
          }}
        />
      )}
      {resetting && (
        <ConfirmDialog
          id="reset-hours"
          heading={t('Hours.ResetHeading')}
          text={t('Hours.ResetText')}
          confirm={t('Hours.ResetConfirm')}
          onCancel={() => setResetting(false)}
          onConfirm={() => {
            setResetting(false);
            hours.resetWeekly();
          }}
        />
      )}
    </ScreenSection>
  );
}
