// 'Servicezeiten': the configured office hours from GET /api/service-hours, formatted de-DE.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServiceHours } from '@rechtschat/core';
import { useInjection } from '../app/ContainerContext.js';
import { ProductApiToken } from '../app/tokens.js';
import { useCallResult } from '../app/useCallResult.js';
import { serviceHoursDe } from '../i18n/de-DE/serviceHours.js';
import { weekdayName } from '../i18n/format.js';
import { useTexts } from '../i18n/useTexts.js';
import { PageHeading } from '../layout/PageHeading.js';
import { Alert, Spinner } from '../ui/index.js';
import './pages.css';

/** One row per weekday, Monday first; several ranges of a day are joined. */
export function hoursByWeekday(hours: ServiceHours['Hours']): Array<{ weekday: number; ranges: Array<{ from: string; to: string }> }> {
  const days = new Map<number, Array<{ from: string; to: string }>>();
  [...hours]
    .sort((a, b) => a.Weekday - b.Weekday || a.From.localeCompare(b.From))
    .forEach((entry) => days.set(entry.Weekday, [...(days.get(entry.Weekday) ?? []), { from: entry.From, to: entry.To }]));
  return [...days.entries()].map(([weekday, ranges]) => ({ weekday, ranges }));
}

const SERVICE_HOURS_TEXTS = [['common', serviceHoursDe]] as const;

export function ServiceHoursPage() {
  useTexts(SERVICE_HOURS_TEXTS);
  const { t } = useTranslation('common');
  const productApi = useInjection(ProductApiToken);
  const [call] = useState(() => productApi.getServiceHours());
  const state = useCallResult(call);
  return (
    <>
      <PageHeading>{t('ServiceHours.Title')}</PageHeading>
      {state.status === 'loading' && <Spinner label={t('App.Loading')} />}
      {state.status === 'done' && state.result._tag === 'Left' && <Alert severity="warning">{t('ServiceHours.LoadFailed')}</Alert>}
      {state.status === 'done' && state.result._tag === 'Right' && <HoursTable hours={state.result.right} />}
    </>
  );
}

function HoursTable({ hours }: { readonly hours: ServiceHours }) {
  const { t } = useTranslation('common');
  return (
    <>
      <Alert severity={hours.IsOpen ? 'success' : 'info'} className="ui-mb-2">
        {hours.IsOpen ? t('ServiceHours.Open') : t('ServiceHours.Closed')}
      </Alert>
      <p className="ui-text ui-mb-1">{t('ServiceHours.Intro')}</p>
      <table className="page-table ui-mb-2">
        <caption>{t('ServiceHours.TableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('ServiceHours.Weekday')}</th>
            <th scope="col">{t('ServiceHours.Hours')}</th>
          </tr>
        </thead>
        <tbody>
          {hoursByWeekday(hours.Hours).map(({ weekday, ranges }) => (
            <tr key={weekday}>
              <th scope="row">{weekdayName(weekday)}</th>
              <td>{ranges.map((r) => t('ServiceHours.Range', { from: r.from, to: r.to })).join(', ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="ui-text ui-body2 ui-muted">{t('ServiceHours.TimeZone', { zone: hours.TimeZone })}</p>
    </>
  );
}
