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
 * - Money (`money` columns: prices, amounts) is a number with two decimals: CSV writes the decimal text with
 *   its two decimals (`12.50`, never `12.5`); XLSX writes a numeric cell in a `0.00` number format, so the
 *   sheet shows 12.50 and still sums it (MONEY_FORMAT).
 */
export type CellType = 'text' | 'number' | 'money';

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

/** The number format of XLSX money cells: two decimals, as the pages and printed orders show money. */
export const MONEY_FORMAT = '0.00';

/**
 * Money as decimal text with at least two decimals ("12.5" → "12.50", 3 → "3.00"), digit for digit: never
 * rounded through a double; more decimals than two are kept as they are.
 */
export function moneyText(value: number | string): string {
  const text = typeof value === 'number' ? String(value) : value;
  if (!DECIMAL.test(text)) return text;
  const [whole, decimals = ''] = text.split('.');
  return decimals.length >= 2 ? text : `${whole}.${decimals.padEnd(2, '0')}`;
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
  if (type === 'number' || type === 'money') {
    const number = numberOf(value);
    if (number !== null) return type === 'money' ? moneyText(number) : number;
  }
  return neutraliseFormula(textOf(value));
}

const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One CSV record (RFC 4180, with its line break): a field holding a comma, a quote or a line break is quoted,
 * its quotes doubled. Written here rather than by a CSV library: the one used before allocated some 7 KB per
 * row of a history export, and a 1,000,000-row export's garbage is what set its peak memory.
 */
export function csvRecord(cells: ReadonlyArray<string | number>): string {
  let line = '';
  for (let i = 0; i < cells.length; i++) {
    const text = String(cells[i]);
    if (i) line += ',';
    line += NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  }
  return line + '\n';
}

/**
 * An XLSX cell. A number column's decimal text ("12.50", how MySQL answers DECIMAL) becomes a numeric cell,
 * so that a spreadsheet sums it, whenever a double holds it exactly to its last digit (up to 15 significant
 * digits: every price and quantity); a longer one stays text rather than change. A money cell is the same
 * number; its column's `0.00` format (sendXlsx) shows its two decimals.
 */
export function xlsxCell(value: unknown, type: CellType = 'text'): string | number | null {
  if (value === null || value === undefined) return null;
  if (type === 'number' || type === 'money') {
    const number = numberOf(value);
    if (typeof number === 'number') return number;
    if (number !== null && number.replace(/^-|\./g, '').replace(/^0+/, '').length <= 15) return Number(number);
    if (number !== null) return number;
  }
  return xmlSafe(textOf(value));
}
