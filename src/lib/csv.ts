/**
 * CSV, one way for every export: RFC 4180 fields and records, defused against spreadsheet formulas,
 * and saved as a UTF-8 file the spreadsheet programs read.
 */

export type CsvValue = string | number;

/** Characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV field (RFC 4180): text that a spreadsheet would run as a formula gets a leading `'`,
 * and a field with a quote, comma or line break is quoted, its quotes doubled. Numbers as they are.
 */
export function csvField(value: CsvValue): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Records as CSV text: CRLF between records and after the last (RFC 4180). */
export function toCsv(records: readonly (readonly CsvValue[])[]): string {
  return records.map((record) => record.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/**
 * Saves text as a file through a temporary Blob link (no server round trip: the rows are already
 * in the browser). A byte-order mark leads the file so that spreadsheet programs read the names'
 * accents as UTF-8.
 */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by the next task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
