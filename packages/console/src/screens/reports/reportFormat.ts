// Numbers, durations and the month and quarter presets of the report screen: de-DE, Europe/Berlin.
import { berlinDateOf } from '@rechtschat/core';
import type { TFunction } from 'i18next';

let integer: Intl.NumberFormat | undefined;
let decimal: Intl.NumberFormat | undefined;

/** "1.234" */
export function formatCount(value: number): string {
  integer ??= new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 });
  return integer.format(value);
}

/** "3,8" */
export function formatDecimal(value: number): string {
  decimal ??= new Intl.NumberFormat('de-DE', { minimumFractionDigits: 0, maximumFractionDigits: 1 });
  return decimal.format(value);
}

/** "45 Sek." under a minute, else "2,5 Min."; "–" for none. */
export function formatSeconds(t: TFunction, seconds: number | null): string {
  if (seconds === null) return t('Reports.None');
  if (seconds < 60) return t('Reports.Seconds', { value: formatCount(seconds) });
  return t('Reports.Minutes', { value: formatDecimal(seconds / 60) });
}

export interface PeriodPreset {
  /** 'YYYY-MM' for a month, 'YYYY-Qn' for a quarter. */
  readonly value: string;
  readonly label: string;
  readonly from: string;
  readonly to: string;
}

let monthName: Intl.DateTimeFormat | undefined;

/** The current Berlin month and the eleven before it, newest first ("November 2026"). */
export function monthPresets(nowMs: number, count = 12): PeriodPreset[] {
  monthName ??= new Intl.DateTimeFormat('de-DE', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const [year, month] = berlinDateOf(nowMs).split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, back) => {
    const first = new Date(Date.UTC(year, month - 1 - back, 1));
    const last = new Date(Date.UTC(year, month - back, 0));
    const from = first.toISOString().slice(0, 10);
    return { value: from.slice(0, 7), label: monthName!.format(first), from, to: last.toISOString().slice(0, 10) };
  });
}

/**
 * The current Berlin quarter and the four before it, newest first ("4. Quartal 2026 (Oktober–Dezember)"), for the
 * firms that bill an insurer quarterly: one choice instead of typing both days.
 */
export function quarterPresets(t: TFunction, nowMs: number, count = 5): PeriodPreset[] {
  monthName ??= new Intl.DateTimeFormat('de-DE', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const onlyMonth = new Intl.DateTimeFormat('de-DE', { month: 'long', timeZone: 'UTC' });
  const [year, month] = berlinDateOf(nowMs).split('-').map(Number) as [number, number];
  const currentFirstMonth = month - ((month - 1) % 3);
  return Array.from({ length: count }, (_, back) => {
    const first = new Date(Date.UTC(year, currentFirstMonth - 1 - 3 * back, 1));
    const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 3, 0));
    const quarter = first.getUTCMonth() / 3 + 1;
    const from = first.toISOString().slice(0, 10);
    return {
      value: `${first.getUTCFullYear()}-Q${quarter}`,
      label: t('Reports.Quarter', {
        quarter,
        year: first.getUTCFullYear(),
        first: onlyMonth.format(first),
        last: onlyMonth.format(last),
      }),
      from,
      to: last.toISOString().slice(0, 10),
    };
  });
}

let dayFormat: Intl.DateTimeFormat | undefined;

/** 'YYYY-MM-DD' → "01.03.2026". */
export function formatDay(day: string): string {
  dayFormat ??= new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}
