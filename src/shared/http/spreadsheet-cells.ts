/**
 * What every CSV and XLSX export writes into a cell, decided by the column's declared type and never by
 * how a value looks: a product named "-5" is text, a quantity of -5 is a number.
 *
 * - Formula injection: a spreadsheet program runs a text cell that starts with = + - @ (or a tab or CR,
 *   which some of them skip first) as a formula. Names are typed by anyone who edits master data, and the
 *   history keeps a copy of them forever, so every text cell of a CSV that starts so gets a leading `'`
 *   (the spreadsheet convention for "this is text"); the importer takes it off again. XLSX cells are typed:
 *   strings are written as strings (never formulas) in text-formatted columns.
 * - XML 1.0 forbids most C0 controls, lone surrogates, U+FFFE and U+FFFF: one such character in one cell
 *   makes the whole XLSX unreadable, so XLSX text has them replaced by U+FFFD.
 */
export type CellType = 'text' | 'number';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEUTRALISED = /^'[=+\-@\t\r]/;
const DECIMAL = /^-?\d+(\.\d+)?$/;
const XML_FORBIDDEN = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** A number column's value when it is one (a number, or a decimal string as MySQL answers DECIMAL columns). */
function numberOf(value: unknown): number | string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string' && DECIMAL.test(value)) return value;
  return null;
}

function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/** Text a spreadsheet program will not run as a formula. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** The inverse, for an imported cell: `'=x` as the export wrote it reads back as `=x`. */
export function importedText(text: string): string {
  return NEUTRALISED.test(text) ? text.slice(1) : text;
}

/** Text that XML 1.0 accepts (what an XLSX cell must be). */
export function xmlSafe(text: string): string {
  return text.replace(XML_FORBIDDEN, '\uFFFD');
}

export function csvCell(value: unknown, type: CellType = 'text'): string | number {
  if (value === null || value === undefined) return '';
  if (type === 'number') {
    const number = numberOf(value);
    if (number !== null) return number;
  }
  return neutraliseFormula(textOf(value));
}

/**
 * An XLSX cell. A number column's decimal text ("12.50", how MySQL answers DECIMAL) becomes a numeric cell,
 * so that a spreadsheet sums it, whenever a double holds it exactly to its last digit (up to 15 significant
 * digits: every price and quantity); a longer one stays text rather than change.
 */
export function xlsxCell(value: unknown, type: CellType = 'text'): string | number | null {
  if (value === null || value === undefined) return null;
  if (type === 'number') {
    const number = numberOf(value);
    if (typeof number === 'number') return number;
    if (number !== null && number.replace(/^-|\./g, '').replace(/^0+/, '').length <= 15) return Number(number);
    if (number !== null) return number;
  }
  return xmlSafe(textOf(value));
}
