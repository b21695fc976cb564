import { describe, expect, it } from 'vitest';
import {
  consoleReport,
  docsSection,
  DOCS_END,
  DOCS_START,
  kb,
  markdownTable,
  mergeDocsSection,
  textTable,
  withinBudget,
  type BundleFigures,
} from '../bench/bundleReport.js';

const figures: BundleFigures = {
  initialJs: [
    { file: 'assets/index-A.js', raw: 400_000, gzip: 100_000 },
    { file: 'assets/react-R.js', raw: 9_000, gzip: 3_500 },
  ],
  chatScreenJs: [
    { file: 'assets/index-A.js', raw: 400_000, gzip: 100_000 },
    { file: 'assets/react-R.js', raw: 9_000, gzip: 3_500 },
    { file: 'assets/ChatScreenHost-C.js', raw: 60_000, gzip: 18_000 },
  ],
  chatScreenEntries: ['src/chat/pages/ChatScreenHost.tsx'],
  allJs: [
    { file: 'assets/index-A.js', raw: 400_000, gzip: 100_000 },
    { file: 'assets/react-R.js', raw: 9_000, gzip: 3_500 },
    { file: 'assets/ChatScreenHost-C.js', raw: 60_000, gzip: 18_000 },
  ],
  initialCss: [{ file: 'assets/index-A.css', raw: 300, gzip: 240 }],
  allCss: [{ file: 'assets/index-A.css', raw: 300, gzip: 240 }],
  initialGroups: [{ group: 'react-dom', raw: 207_000, gzipEstimate: 58_300 }],
  lazyChunks: [
    {
      file: 'assets/ChatScreenHost-C.js',
      raw: 60_000,
      gzip: 18_000,
      loadedBy: ['src/chat/pages/ChatScreenHost.tsx'],
      topGroups: [{ group: '@mui/material', raw: 30_000, gzipEstimate: 10_600 }],
    },
  ],
  watched: [
    {
      label: 'Sentry Replay',
      chunks: [{ file: 'assets/sentry-init-S.js', initial: false, chatScreen: false, modules: ['node_modules/@sentry/replay/index.js'] }],
      keptOutOfInitial: true,
      keptOutOfChatScreen: true,
    },
  ],
};

describe('kb', () => {
  it('should print kilobytes of 1000 bytes with one German decimal', () => {
    expect(kb(153_500)).toBe('153,5');
    expect(kb(1_343_900)).toBe('1.343,9');
    expect(kb(0)).toBe('0,0');
  });
});

describe('withinBudget', () => {
  it('should accept initial JS up to 120 kB gzip and reject more', () => {
    expect(withinBudget(figures)).toBe(true);
    expect(withinBudget({ ...figures, initialJs: [{ file: 'a.js', raw: 1, gzip: 120_001 }] })).toBe(false);
    expect(withinBudget({ ...figures, initialJs: [{ file: 'a.js', raw: 1, gzip: 120_000 }] })).toBe(true);
  });
});

describe('textTable', () => {
  it('should pad columns to the widest cell and right-align numbers', () => {
    expect(
      textTable(
        ['Name', 'kB'],
        [
          ['a', '1,5'],
          ['long name', '153,5'],
        ],
      ),
    ).toBe(['Name       kB', '---------  -----', 'a            1,5', 'long name  153,5'].join('\n'));
  });
});

describe('markdownTable', () => {
  it('should escape pipes inside cells', () => {
    expect(markdownTable(['A'], [['x|y']])).toBe('| A |\n|---|\n| x\\|y |');
  });
});

describe('consoleReport', () => {
  it('should show the summed initial, chat-screen and total figures with the budget verdict', () => {
    const report = consoleReport(figures);
    expect(report).toMatch(/JS initial \/chat\/new \(entry \+ static imports\)\s+2\s+409,0\s+103,5\s+OK \(≤ 120\)/);
    expect(report).toMatch(/JS chat screen on \/chat\/new .*\s+3\s+469,0\s+121,5/);
    expect(report).toMatch(/JS total \(whole build\)\s+3\s+469,0\s+121,5/);
    expect(report).toMatch(/CSS total\s+1\s+0,3\s+0,2/);
    expect(report).toContain('Sentry Replay');
    expect(report).toContain('OK, not initial');
  });
});

describe('docs section', () => {
  const machine = { date: '2026-11-22', cores: 2, cpu: 'AMD EPYC', node: 'v20.20.2' };

  it('should carry the heading, machine and figures between its markers', () => {
    const section = docsSection(figures, machine);
    expect(section.startsWith(`${DOCS_START}\n## Web bundle\n`)).toBe(true);
    expect(section.endsWith(DOCS_END)).toBe(true);
    expect(section).toContain('Measured 2026-11-22 on 2 cores (AMD EPYC), Node v20.20.2');
    expect(section).toContain('| JS initial /chat/new (entry + static imports) | 2 | 409,0 | 103,5 | OK (≤ 120) |');
  });

  it('should replace only its own block and keep the hub section and notes around it', () => {
    const existing = [
      '# Performance',
      '',
      '<!-- server-bench:start -->',
      '## Server',
      '<!-- server-bench:end -->',
      '',
      DOCS_START,
      'old figures',
      DOCS_END,
      '',
      '### Notes',
      'kept',
    ].join('\n');
    const merged = mergeDocsSection(existing, `${DOCS_START}\nnew figures\n${DOCS_END}`);
    expect(merged).toBe(
      [
        '# Performance',
        '',
        '<!-- server-bench:start -->',
        '## Server',
        '<!-- server-bench:end -->',
        '',
        DOCS_START,
        'new figures',
        DOCS_END,
        '',
        '### Notes',
        'kept',
      ].join('\n'),
    );
  });

  it('should append its block when the file has none yet', () => {
    expect(mergeDocsSection('# Performance\n', `${DOCS_START}\nx\n${DOCS_END}`)).toBe(`# Performance\n\n${DOCS_START}\nx\n${DOCS_END}\n`);
  });
});
