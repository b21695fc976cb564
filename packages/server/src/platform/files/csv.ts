// Shared by every CSV download: the reports’ invoice (features/reports) and the Protokoll’s export (features/admin).
// CSV for German Excel: UTF-8 with BOM (so umlauts open correctly), `;` as the separator (the list separator of a
// German Windows), CRLF line ends and RFC 4180 quoting. A cell that a spreadsheet would run as a formula (starting
// with =, +, -, @, a tab or a carriage return) gets a leading apostrophe (OWASP "CSV injection").

export const CSV_BOM = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: neutralised against formula injection, quoted when it holds `;`, `"`, CR or LF. */
export function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The whole document: BOM, header, rows; every line ends with CRLF. */
export function csvDocument(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const line = (cells: readonly (string | number)[]) => `${cells.map(csvCell).join(';')}\r\n`;
  return CSV_BOM + line(header) + rows.map(line).join('');
}
