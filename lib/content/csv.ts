// CSV for spreadsheets (RFC 4180). No CSV library is installed, and writing is this small: quote what needs quoting,
// and defuse formula injection (OWASP): a cell a spreadsheet would run as a formula gets a leading apostrophe.

// = + - @ start a formula in Excel, LibreOffice and Google Sheets; a leading tab or carriage return hides one
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | boolean | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows joined with CRLF, ending with one; a UTF-8 byte-order mark first so Excel reads Hindi, Tamil or Arabic names right. */
export function toCsv(rows: readonly (readonly (string | number | boolean | null | undefined)[])[]): string {
  return `\uFEFF${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
