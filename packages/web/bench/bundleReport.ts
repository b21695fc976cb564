// Turns measured bundle figures into the console report (plain aligned text, readable in CI logs)
// and the generated block of the "## Web bundle" section in docs/performance-web-bundle.md (Markdown).
import type { WatchedLocation } from './watchedModules.js';

/** Vite's build log counts 1 kB = 1000 bytes; the report does the same so both can be compared. */
export const BYTES_PER_KB = 1000;
/** Initial JS for /chat/new ≤ 120 kB gzip, JS until the chat is usable ≤ 200 kB gzip. */
export const INITIAL_BUDGET_KB = 120;
export const USABLE_BUDGET_KB = 200;

export interface SizedFile {
  readonly file: string;
  readonly raw: number;
  readonly gzip: number;
}

export interface GroupSize {
  readonly group: string;
  readonly raw: number;
  /** The chunk's gzip size shared out by raw bytes: gzip has no per-module size. */
  readonly gzipEstimate: number;
}

export interface LazyChunk extends SizedFile {
  readonly loadedBy: readonly string[];
  readonly topGroups: readonly GroupSize[];
}

export interface BundleFigures {
  readonly initialJs: readonly SizedFile[];
  /** Initial set plus the lazy chunks /chat/new fetches right away to show the chat screen. */
  readonly chatScreenJs: readonly SizedFile[];
  readonly chatScreenEntries: readonly string[];
  readonly allJs: readonly SizedFile[];
  readonly initialCss: readonly SizedFile[];
  readonly allCss: readonly SizedFile[];
  readonly initialGroups: readonly GroupSize[];
  /** The same attribution for everything loaded until the chat is usable (initial + chat chunks). */
  readonly chatScreenGroups?: readonly GroupSize[];
  readonly lazyChunks: readonly LazyChunk[];
  readonly watched: readonly WatchedLocation[];
}

export interface MachineInfo {
  readonly date: string;
  readonly cores: number;
  readonly cpu: string;
  readonly node: string;
}

const kbFormat = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export function kb(bytes: number): string {
  return kbFormat.format(bytes / BYTES_PER_KB);
}

function sum(files: readonly SizedFile[], key: 'raw' | 'gzip'): number {
  return files.reduce((total, file) => total + file[key], 0);
}

export function initialJsGzip(figures: BundleFigures): number {
  return sum(figures.initialJs, 'gzip');
}

export function withinBudget(figures: BundleFigures): boolean {
  return initialJsGzip(figures) <= INITIAL_BUDGET_KB * BYTES_PER_KB;
}

function budgetVerdict(figures: BundleFigures): string {
  return withinBudget(figures) ? `OK (≤ ${INITIAL_BUDGET_KB})` : `OVER (> ${INITIAL_BUDGET_KB})`;
}

function usableVerdict(figures: BundleFigures): string {
  return sum(figures.chatScreenJs, 'gzip') <= USABLE_BUDGET_KB * BYTES_PER_KB ? `OK (≤ ${USABLE_BUDGET_KB})` : `OVER (> ${USABLE_BUDGET_KB})`;
}

type Row = readonly string[];

function totalsRows(figures: BundleFigures): Row[] {
  const row = (label: string, files: readonly SizedFile[], budget: string): Row => [
    label,
    String(files.length),
    kb(sum(files, 'raw')),
    kb(sum(files, 'gzip')),
    budget,
  ];
  return [
    row('JS initial /chat/new (entry + static imports)', figures.initialJs, budgetVerdict(figures)),
    row('JS chat screen on /chat/new (initial + prefetched chat chunks)', figures.chatScreenJs, usableVerdict(figures)),
    row('JS total (whole build)', figures.allJs, ''),
    row('CSS initial', figures.initialCss, ''),
    row('CSS total', figures.allCss, ''),
  ];
}

const TOTALS_HEADER: Row = ['Figure', 'Files', 'Raw kB', 'Gzip -9 kB', 'Budget'];
const GROUPS_HEADER: Row = ['Initial JS by package / folder', 'Raw kB', '≈ Gzip kB'];
const CHAT_GROUPS_HEADER: Row = ['JS until the chat is usable, by package / folder', 'Raw kB', '≈ Gzip kB'];
const LAZY_HEADER: Row = ['Lazy chunk', 'Raw kB', 'Gzip kB', 'Loaded by', 'Biggest contents'];
const WATCH_HEADER: Row = ['Must stay lazy', 'Landed in', 'Verdict'];

function groupRows(groups: readonly GroupSize[]): Row[] {
  return groups.map((g) => [g.group, kb(g.raw), kb(g.gzipEstimate)]);
}

function lazyRows(chunks: readonly LazyChunk[]): Row[] {
  return chunks.map((c) => [
    c.file,
    kb(c.raw),
    kb(c.gzip),
    c.loadedBy.join(', ') || '–',
    c.topGroups.map((g) => `${g.group} ${kb(g.gzipEstimate)}`).join(', '),
  ]);
}

function watchRows(watched: readonly WatchedLocation[]): Row[] {
  return watched.map((w) => [
    w.label,
    w.chunks.length === 0
      ? 'not in the build'
      : w.chunks
          .map(
            (c) => `${c.file} (${c.modules.length} module${c.modules.length === 1 ? '' : 's'}${c.initial ? ', INITIAL' : c.chatScreen ? ', CHAT SCREEN' : ''})`,
          )
          .join(', '),
    !w.keptOutOfInitial ? 'FAIL, in initial set' : !w.keptOutOfChatScreen ? 'FAIL, loaded before the chat is usable' : 'OK, not initial',
  ]);
}

const NUMERIC = /^[\d.,≈ –-]+$/;

/** Columns padded to their widest cell; numbers right-aligned. */
export function textTable(header: Row, rows: readonly Row[]): string {
  const widths = header.map((cell, col) => Math.max(cell.length, ...rows.map((row) => (row[col] ?? '').length)));
  const line = (row: Row) =>
    row
      .map((cell, col) => (NUMERIC.test(cell) && cell !== '' ? cell.padStart(widths[col] ?? 0) : cell.padEnd(widths[col] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function markdownTable(header: Row, rows: readonly Row[]): string {
  const escape = (cell: string) => cell.replaceAll('|', '\\|');
  const line = (row: Row) => `| ${row.map(escape).join(' | ')} |`;
  return [line(header), `|${header.map(() => '---').join('|')}|`, ...rows.map(line)].join('\n');
}

export function consoleReport(figures: BundleFigures): string {
  return [
    textTable(TOTALS_HEADER, totalsRows(figures)),
    '',
    `Initial JS files: ${figures.initialJs.map((f) => f.file).join(', ')}`,
    `Chat screen adds the static closure of: ${figures.chatScreenEntries.join(', ') || '–'}`,
    '',
    textTable(GROUPS_HEADER, groupRows(figures.initialGroups)),
    '',
    ...(figures.chatScreenGroups ? [textTable(CHAT_GROUPS_HEADER, groupRows(figures.chatScreenGroups)), ''] : []),
    textTable(LAZY_HEADER, lazyRows(figures.lazyChunks)),
    '',
    textTable(WATCH_HEADER, watchRows(figures.watched)),
  ].join('\n');
}

export const DOCS_START = '<!-- web-bundle:start -->';
export const DOCS_END = '<!-- web-bundle:end -->';

export function docsSection(figures: BundleFigures, machine: MachineInfo): string {
  return [
    DOCS_START,
    '## Web bundle',
    '',
    `Measured ${machine.date} on ${machine.cores} cores (${machine.cpu}), Node ${machine.node}, by \`npm run bench:web\` (production build of packages/web, then packages/web/bench/bundleSize.ts).`,
    `Sizes are gzip level 9 (node:zlib), 1 kB = ${BYTES_PER_KB} bytes as in Vite's build log, in German number format (1.343,9 kB = 1343.9 kB). "Initial" is the entry chunk of index.html, the app's start chunks (src/app/start.ts, which the tiny entry imports right after the first paint, and i18n.ts and renderApp.tsx, which it imports at once) and every chunk they import statically (the \`imports\` of Vite's build manifest); other dynamic imports are excluded. Every route, /chat/new included, loads this set before React renders. Budgets: initial JS ≤ ${INITIAL_BUDGET_KB} kB, JS until the chat is usable ≤ ${USABLE_BUDGET_KB} kB; the run only warns, \`BENCH_STRICT=1\` makes it fail when over budget or when a must-stay-lazy module is initial.`,
    `/chat/new first renders a progress indicator with the initial set and meanwhile fetches the chat screen (${figures.chatScreenEntries.join(', ') || '–'} and their static imports); the "chat screen" row is what is loaded once the chat is usable.`,
    '',
    markdownTable(TOTALS_HEADER, totalsRows(figures)),
    '',
    "Initial JS by package or source folder (from the chunks' source maps; gzip shared out by raw bytes, so approximate):",
    '',
    markdownTable(GROUPS_HEADER, groupRows(figures.initialGroups)),
    '',
    ...(figures.chatScreenGroups
      ? [
          'Everything loaded until the chat is usable, by package or source folder (same method):',
          '',
          markdownTable(CHAT_GROUPS_HEADER, groupRows(figures.chatScreenGroups)),
          '',
        ]
      : []),
    'Biggest lazy chunks:',
    '',
    markdownTable(LAZY_HEADER, lazyRows(figures.lazyChunks)),
    '',
    markdownTable(WATCH_HEADER, watchRows(figures.watched)),
    DOCS_END,
  ].join('\n');
}

/** Replaces the generated block in place, or appends it; text outside the markers is kept. */
export function mergeDocsSection(existing: string, section: string): string {
  const start = existing.indexOf(DOCS_START);
  const end = existing.indexOf(DOCS_END);
  if (start >= 0 && end > start) return existing.slice(0, start) + section + existing.slice(end + DOCS_END.length);
  return `${existing.trimEnd()}\n\n${section}\n`;
}
