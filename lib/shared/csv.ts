/**
 * CSV for spreadsheets (the money report's download, docs/console.md "Money report"): RFC 4180 quoting, CRLF line
 * ends, and a UTF-8 byte order mark so Excel opens Chinese text as UTF-8 rather than the system's code page.
 */

/** What Excel, LibreOffice and Google Sheets read as the start of a formula (tab and CR too: some strip them first). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain number ("12", "-12.30") is data, never a formula: it keeps its sign and stays a number in the sheet. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * One cell: a text that could start a formula gets a leading apostrophe (shown as text, never run); a cell with a
 * comma, quote or line break is quoted, its quotes doubled.
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const CSV_BOM = '\uFEFF';

/** The whole file: BOM, the header row, the rows, each line ended by CRLF. */
export function toCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>): string {
  return CSV_BOM + [header, ...rows].map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}
