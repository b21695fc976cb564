// The office hours' administration on a virtual clock (epoch ms): „jetzt geöffnet“ follows the clock – the settings are
// read again, quietly, a second after the next instant they may change – and no test waits for real time.
import { of, Subject, VirtualTimeScheduler } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import type { Call } from '../ports/call.js';
import type { ServiceHoursAdminApi } from '../ports/serviceHoursAdmin.js';
import { err, httpError, ok, type Result } from '../result.js';
import type { ServiceHoursSettings } from '../wire/serviceHoursAdmin.js';
import { createServiceHoursAdmin, nextServiceHoursChange, SERVICE_HOURS_CHANGE_GRACE_MS, SERVICE_HOURS_RETRY_MS } from './serviceHours.js';

const lunchBreak = [1, 2, 3, 4, 5].flatMap((Weekday) => [
  { Weekday, From: '08:00', To: '12:00' },
  { Weekday, From: '13:00', To: '18:00' },
]);
/** Berlin wall-clock time of a December 2026 day (UTC+1) as an instant. */
const december = (day: number, time: string) => Date.parse(`2026-12-${String(day).padStart(2, '0')}T${time}:00+01:00`);
const closure = (FirstDay: string, LastDay: string) => ({ FirstDay, LastDay });

describe('nextServiceHoursChange', () => {
  it("should be the next beginning or end of today's periods, else the next midnight in Berlin", () => {
    // Monday 7 December 2026.
    expect(nextServiceHoursChange(lunchBreak, [], december(7, '07:30'))).toBe(december(7, '08:00'));
    expect(nextServiceHoursChange(lunchBreak, [], december(7, '11:00'))).toBe(december(7, '12:00'));
    expect(nextServiceHoursChange(lunchBreak, [], december(7, '12:00'))).toBe(december(7, '13:00'));
    expect(nextServiceHoursChange(lunchBreak, [], december(7, '18:00'))).toBe(december(8, '00:00'));
    // Saturday: no periods, midnight.
    expect(nextServiceHoursChange(lunchBreak, [], december(12, '10:00'))).toBe(december(13, '00:00'));
    // „immer geöffnet“ (00:00–24:00): midnight, where a closure day may begin.
    const always = [1, 2, 3, 4, 5, 6, 7].map((Weekday) => ({ Weekday, From: '00:00', To: '24:00' }));
    expect(nextServiceHoursChange(always, [], december(23, '23:59'))).toBe(december(24, '00:00'));
  });

  it('should skip the periods of a closure day and name its end, the next midnight', () => {
    expect(nextServiceHoursChange(lunchBreak, [closure('2026-12-07', '2026-12-08')], december(7, '07:30'))).toBe(december(8, '00:00'));
    expect(nextServiceHoursChange(lunchBreak, [closure('2026-12-08', '2026-12-08')], december(7, '19:00'))).toBe(december(8, '00:00'));
  });

  it('should count in Berlin time across the month, the year and summer time', () => {
    // 31.12.2026 23:30 in Berlin is 22:30 UTC: the next midnight is New Year's, 23:00 UTC.
    expect(nextServiceHoursChange(lunchBreak, [], Date.parse('2026-12-31T22:30:00Z'))).toBe(Date.parse('2026-12-31T23:00:00Z'));
    // Friday 2 July 2027, 07:00 summer time (UTC+2): opens at 08:00 CEST, 06:00 UTC.
    expect(nextServiceHoursChange(lunchBreak, [], Date.parse('2027-07-02T05:00:00Z'))).toBe(Date.parse('2027-07-02T06:00:00Z'));
  });
});

/** The settings as the server answers at `now`: Monday to Friday with a lunch break, open or closed by the clock. */
function settingsAt(now: number, closures: ServiceHoursSettings['Closures'] = []): ServiceHoursSettings {
  const open = now >= december(7, '08:00') && now < december(7, '12:00');
  return {
    Effective: {
      IsOpen: open,
      Hours: lunchBreak,
      TimeZone: 'Europe/Berlin',
      Closure: null,
      UpcomingClosures: [],
      OpensAt: open ? null : new Date(december(7, '13:00')).toISOString(),
    },
    Source: 'console',
    Weekly: lunchBreak,
    UpdatedByName: 'Dr. Eva Schneider',
    UpdatedAt: '2026-12-01T09:00:00.000Z',
    Closures: closures,
  };
}

function setUp(over: Partial<ServiceHoursAdminApi> = {}) {
  const scheduler = new VirtualTimeScheduler();
  // Monday 7 December 2026, 11:00 in Berlin.
  scheduler.frame = december(7, '11:00');
  const api: ServiceHoursAdminApi = {
    get: vi.fn(() => of(ok(settingsAt(scheduler.now())))),
    saveWeekly: vi.fn(() => of(ok(settingsAt(scheduler.now())))),
    resetWeekly: vi.fn(() => of(ok(settingsAt(scheduler.now())))),
    addClosure: vi.fn(() => of(ok(settingsAt(scheduler.now())))),
    removeClosure: vi.fn(() => of(ok(settingsAt(scheduler.now())))),
    ...over,
  };
  const onSessionExpired = vi.fn();
  const hours = createServiceHoursAdmin({ api, onSessionExpired, scheduler });
  /** Runs the virtual clock up to the instant `at`. */
  const runTo = (at: number) => {
    scheduler.maxFrames = at;
    scheduler.flush();
  };
  const isOpen = () => {
    const { load } = hours.snapshot();
    return load.state === 'ready' ? load.settings.Effective.IsOpen : undefined;
  };
  return { api, hours, runTo, isOpen, onSessionExpired };
}

describe('ServiceHoursAdmin on the clock', () => {
  it('should read the settings again a second after the chat closes, without showing „loading“ in between', () => {
    const { api, hours, runTo, isOpen } = setUp();
    hours.load();
    expect(isOpen()).toBe(true);
    const states: string[] = [];
    hours.state$.subscribe((state) => states.push(state.load.state));
    runTo(december(7, '12:00'));
    expect(api.get).toHaveBeenCalledTimes(1);
    expect(isOpen()).toBe(true);
    runTo(december(7, '12:00') + SERVICE_HOURS_CHANGE_GRACE_MS);
    expect(api.get).toHaveBeenCalledTimes(2);
    expect(isOpen()).toBe(false);
    expect(states).not.toContain('loading');
    // … and again when it opens after lunch, then at the evening's end: one read per instant, none in between.
    runTo(december(7, '13:00') + SERVICE_HOURS_CHANGE_GRACE_MS);
    expect(api.get).toHaveBeenCalledTimes(3);
    runTo(december(7, '17:59'));
    expect(api.get).toHaveBeenCalledTimes(3);
    hours.dispose();
  });

  it('should read again at midnight when a closure day begins', () => {
    const { api, hours, runTo } = setUp();
    hours.load();
    // Saving a closure for tomorrow answers settings that hold it: today's periods still count, then midnight.
    const outing = {
      Id: 'c-1',
      FirstDay: '2026-12-08',
      LastDay: '2026-12-08',
      Note: 'Betriebsausflug',
      CreatedByName: 'X',
      CreatedAt: '2026-12-07T10:00:00.000Z',
    };
    const withOuting = () => of(ok(settingsAt(december(7, '11:00'), [outing])));
    vi.mocked(api.addClosure).mockImplementation(withOuting);
    vi.mocked(api.get).mockImplementation(withOuting);
    hours.addClosure({ FirstDay: '2026-12-08', LastDay: '2026-12-08', Note: 'Betriebsausflug' });
    runTo(december(7, '18:00') + SERVICE_HOURS_CHANGE_GRACE_MS);
    expect(api.get).toHaveBeenCalledTimes(4); // load, 12:00, 13:00, 18:00
    runTo(december(8, '00:00') + SERVICE_HOURS_CHANGE_GRACE_MS);
    expect(api.get).toHaveBeenCalledTimes(5);
    // On the closure day nothing is read before its end, though Tuesday has periods.
    runTo(december(8, '23:59'));
    expect(api.get).toHaveBeenCalledTimes(5);
    hours.dispose();
  });

  it('should drop a re-read that was sent before a change, so the saved hours are not replaced by older ones', () => {
    const reread = new Subject<Result<ServiceHoursSettings>>();
    const { api, hours, runTo } = setUp();
    hours.load();
    vi.mocked(api.get).mockImplementation(() => reread as Call<ServiceHoursSettings>);
    runTo(december(7, '12:00') + SERVICE_HOURS_CHANGE_GRACE_MS);
    const saved = { ...settingsAt(december(7, '12:00')), UpdatedAt: '2026-12-07T11:00:01.000Z' };
    vi.mocked(api.saveWeekly).mockImplementation(() => of(ok(saved)));
    hours.saveWeekly(lunchBreak);
    reread.next(ok(settingsAt(december(7, '12:00'))));
    expect(hours.snapshot().load).toEqual({ state: 'ready', settings: saved });
    hours.dispose();
  });

  it('should keep what is shown when the re-read fails and try again a minute later; a 401 ends the session', () => {
    const { api, hours, runTo, isOpen, onSessionExpired } = setUp();
    hours.load();
    vi.mocked(api.get).mockImplementationOnce(() => of(err(httpError(503, 'Unavailable', 'x'))));
    runTo(december(7, '12:00') + SERVICE_HOURS_CHANGE_GRACE_MS);
    expect(isOpen()).toBe(true);
    runTo(december(7, '12:00') + SERVICE_HOURS_CHANGE_GRACE_MS + SERVICE_HOURS_RETRY_MS);
    expect(api.get).toHaveBeenCalledTimes(3);
    expect(isOpen()).toBe(false);
    vi.mocked(api.get).mockImplementationOnce(() => of(err(httpError(401, 'NotAuthenticated', 'x'))));
    runTo(december(7, '13:00') + SERVICE_HOURS_CHANGE_GRACE_MS);
    expect(onSessionExpired).toHaveBeenCalled();
    hours.dispose();
  });

  it('should read nothing more once disposed', () => {
    const { api, hours, runTo } = setUp();
    hours.load();
    hours.dispose();
    runTo(december(8, '00:00') + SERVICE_HOURS_CHANGE_GRACE_MS);
    expect(api.get).toHaveBeenCalledTimes(1);
  });
});
