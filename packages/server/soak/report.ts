// Figures of a soak run as a Markdown table (pasted into docs/reliability.md) and the pass/fail verdict.

/** What a soak run was asked to do (its length, load and faults), judged by the verdict. */
export interface SoakSettings {
  readonly durationMs: number;
  readonly chats: number;
  readonly pauseMessages: number;
  readonly redisDownMs: number;
  readonly killDownMs: number;
  readonly intervalMs: number;
  readonly short: boolean;
}

export interface SoakFigures {
  readonly durationMs: number;
  readonly chats: number;
  readonly connections: number;
  readonly sent: number;
  readonly acked: number;
  readonly stored: number;
  readonly deliveriesExpected: number;
  readonly deliveredLive: number;
  readonly recoveredByResync: number;
  readonly missing: number;
  readonly doubleStored: number;
  readonly ackedLost: number;
  readonly duplicateFrames: number;
  readonly outOfOrder: number;
  readonly latencies: number[];
  readonly reconnects: number;
  readonly resyncs: number;
  readonly resyncFailures: number;
  readonly connectionRetries: number;
  readonly hubServerErrors: number;
  readonly sendsGivenUp: number;
  readonly clientHttp5xx: number;
  readonly serverErrors: { readonly A: { http5xx: number; hubFailures: number }; readonly B: { http5xx: number; hubFailures: number } };
  readonly faults: {
    killDownMs: number;
    killRecoveredMs: number | null;
    redisDownMs: number;
    redisRecoveredMs: number | null;
    pauseMessages: number;
    pauseHeldMs: number;
    pauseReceivedWhileHeld: number;
    pauseDrainedMs: number | null;
  };
}

export interface SoakReport {
  readonly markdown: string;
  readonly failures: string[];
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

const s = (ms: number | null) => (ms === null ? '—' : `${(ms / 1000).toFixed(1)} s`);

export function verdict(settings: SoakSettings, f: SoakFigures): string[] {
  const failures: string[] = [];
  if (f.missing > 0) failures.push(`${f.missing} Zustellungen fehlen (Nachricht nicht bei beiden Seiten)`);
  if (f.doubleStored > 0) failures.push(`${f.doubleStored} Nachrichten doppelt gespeichert`);
  if (f.ackedLost > 0) failures.push(`${f.ackedLost} bestätigte Nachrichten nicht gespeichert`);
  if (f.duplicateFrames > 0) failures.push(`${f.duplicateFrames} Nachrichten doppelt live zugestellt`);
  if (f.outOfOrder > 0) failures.push(`${f.outOfOrder} Nachrichten außer der Reihe zugestellt`);
  if (f.sendsGivenUp > 0) failures.push(`${f.sendsGivenUp} Nachrichten konnten nicht gesendet werden`);
  if (f.serverErrors.B.http5xx > 0 || f.serverErrors.B.hubFailures > 0)
    failures.push(`Instanz B (nicht beendet): ${f.serverErrors.B.http5xx} HTTP-5xx, ${f.serverErrors.B.hubFailures} Hub-Fehler`);
  if (f.clientHttp5xx > f.serverErrors.A.http5xx) failures.push(`${f.clientHttp5xx} HTTP-5xx bei Clients, nicht von der beendeten Instanz`);
  if (f.faults.killRecoveredMs === null) failures.push('Clients der beendeten Instanz kamen nicht zurück');
  if (f.faults.redisRecoveredMs === null) failures.push('nach dem Redis-Ausfall nicht alle Clients neu synchronisiert');
  if (settings.pauseMessages > 0 && f.faults.pauseMessages === 0) failures.push('Netzpause wurde nicht ausgeführt');
  if (f.faults.pauseReceivedWhileHeld > 0) failures.push(`${f.faults.pauseReceivedWhileHeld} Nachrichten erreichten den angehaltenen Client trotz Pause`);
  if (f.faults.pauseMessages > 0 && f.faults.pauseDrainedMs === null) failures.push('angehaltener Client hat nicht alle Nachrichten erhalten');
  return failures;
}

export function buildReport(settings: SoakSettings, f: SoakFigures, timeline: readonly string[]): SoakReport {
  const sorted = [...f.latencies].sort((x, y) => x - y);
  const rows: [string, string][] = [
    ['Laufzeit', `${(f.durationMs / 60_000).toFixed(1)} min`],
    ['Chats / Verbindungen', `${f.chats} / ${f.connections} (Mandant und Anwalt jedes Chats auf verschiedenen Instanzen)`],
    ['Nachrichten gesendet / bestätigt / gespeichert', `${f.sent} / ${f.acked} / ${f.stored}`],
    ['Nachrichten pro Sekunde (Mittel)', (f.stored / (f.durationMs / 1000)).toFixed(1)],
    ['Zustellungen erwartet (2 je Nachricht)', String(f.deliveriesExpected)],
    ['davon live / durch Resync nachgeladen', `${f.deliveredLive} / ${f.recoveredByResync}`],
    ['fehlend / doppelt gespeichert / doppelt live / außer der Reihe', `${f.missing} / ${f.doubleStored} / ${f.duplicateFrames} / ${f.outOfOrder}`],
    [
      'Latenz live (Senden → andere Seite) p50 / p95 / p99 / max',
      `${percentile(sorted, 50)} / ${percentile(sorted, 95)} / ${percentile(sorted, 99)} / ${sorted.at(-1) ?? 0} ms`,
    ],
    ['Reconnects / Resyncs (fehlgeschlagen)', `${f.reconnects} / ${f.resyncs} (${f.resyncFailures})`],
    ['Sendewiederholungen nach Verbindungsverlust', String(f.connectionRetries)],
    ['kill -9 Instanz A: Ausfall / alle Clients zurück nach', `${s(f.faults.killDownMs)} / ${s(f.faults.killRecoveredMs)}`],
    ['Redis aus / alle Clients resynchronisiert nach Neustart', `${s(f.faults.redisDownMs)} / ${s(f.faults.redisRecoveredMs)}`],
    [
      'Netzpause: Nachrichten / davon während der Pause angekommen / gehalten / alle zugestellt nach Freigabe',
      `${f.faults.pauseMessages} / ${f.faults.pauseReceivedWhileHeld} / ${s(f.faults.pauseHeldMs)} / ${s(f.faults.pauseDrainedMs)}`,
    ],
    ['5xx / Hub-Fehler Instanz A (beendet)', `${f.serverErrors.A.http5xx} / ${f.serverErrors.A.hubFailures}`],
    ['5xx / Hub-Fehler Instanz B', `${f.serverErrors.B.http5xx} / ${f.serverErrors.B.hubFailures}`],
  ];
  const failures = verdict(settings, f);
  const markdown = [
    '',
    '| Kennzahl | Wert |',
    '|---|---|',
    ...rows.map(([k, v]) => `| ${k} | ${v} |`),
    '',
    `Ergebnis: ${failures.length === 0 ? 'bestanden' : `FEHLGESCHLAGEN (${failures.join('; ')})`}`,
    '',
    'Ablauf:',
    '```',
    ...timeline,
    '```',
  ].join('\n');
  return { markdown, failures };
}
