import { AppError } from '../../../shared/http/app-error';

/*
 * GS1 element strings as scanners deliver them (GS1 General Specifications §3 and §7.8): application
 * identifiers (AIs) with their data, written "(01)09501101020917(17)261231(10)ABC" on paper and
 * "0109501101020917172612311 0ABC" in the symbol, where a variable-length element not at the end is closed
 * by FNC1, which scanners transmit as the group separator GS (\x1d). A symbology identifier (]C1 GS1-128,
 * ]d2 GS1 DataMatrix, ]Q3 GS1 QR, ]e0 GS1 DataBar, ]J1 GS1 DotCode) may come first.
 */

export type Gs1Failure = 'check_digit' | 'unknown_ai' | 'bad_value' | 'bad_date' | 'truncated';

/** A GS1 string that cannot be read: code 0 with a message naming the element. */
export class Gs1Error extends AppError {
  constructor(
    readonly reason: Gs1Failure,
    args: Record<string, string>,
  ) {
    super(`documents.gs1.${reason}`, args);
  }
}

type Kind = 'numeric' | 'alphanumeric' | 'date';

interface AiSpec {
  /** Fixed length of the data, or the maximum of a variable-length element. */
  length: number;
  fixed: boolean;
  kind: Kind;
  /** The data ends in a GS1 mod-10 check digit (GTIN, SSCC, GLN). */
  check?: boolean;
}

const fixed = (length: number, kind: Kind = 'numeric', check = false): AiSpec => ({ length, fixed: true, kind, check });
const upTo = (length: number, kind: Kind = 'alphanumeric'): AiSpec => ({ length, fixed: false, kind });

/** The AIs a warehouse meets on cartons and pallets; anything else is refused as unknown. */
export const GS1_AIS: ReadonlyMap<string, AiSpec> = new Map<string, AiSpec>([
  ['00', fixed(18, 'numeric', true)], // SSCC
  ['01', fixed(14, 'numeric', true)], // GTIN
  ['02', fixed(14, 'numeric', true)], // GTIN of contained trade items
  ['10', upTo(20)], // batch or lot
  ['11', fixed(6, 'date')], // production date
  ['12', fixed(6, 'date')], // due date
  ['13', fixed(6, 'date')], // packaging date
  ['15', fixed(6, 'date')], // best before
  ['16', fixed(6, 'date')], // sell by
  ['17', fixed(6, 'date')], // expiry
  ['20', fixed(2)], // variant
  ['21', upTo(20)], // serial number
  ['22', upTo(20)],
  ['235', upTo(28)],
  ['240', upTo(30)],
  ['241', upTo(30)],
  ['242', upTo(6, 'numeric')],
  ['243', upTo(20)],
  ['250', upTo(30)],
  ['251', upTo(30)],
  ['253', upTo(30)],
  ['254', upTo(20)],
  ['30', upTo(8, 'numeric')], // variable count
  ['37', upTo(8, 'numeric')], // count of trade items
  ['400', upTo(30)],
  ['401', upTo(30)],
  ['402', fixed(17)],
  ['403', upTo(30)],
  ...['410', '411', '412', '413', '414', '415', '416', '417'].map((ai): [string, AiSpec] => [ai, fixed(13, 'numeric', true)]),
  ['420', upTo(20)],
  ['421', upTo(12)],
  ['422', fixed(3)],
  ['423', upTo(15, 'numeric')],
  ['424', fixed(3)],
  ['425', upTo(15, 'numeric')],
  ['426', fixed(3)],
  ['427', upTo(3)],
  // trade and logistic measures, four digits each: 310n–369n (n = decimal places)
  ...Array.from({ length: 60 }, (_, i) => 310 + i).flatMap((head) => Array.from({ length: 10 }, (_, n): [string, AiSpec] => [`${head}${n}`, fixed(6)])),
  ...['390', '391', '392', '393'].flatMap((head) => Array.from({ length: 10 }, (_, n): [string, AiSpec] => [`${head}${n}`, upTo(18, 'numeric')])),
  ['7001', fixed(13)],
  ['7002', upTo(30)],
  ['7003', fixed(10)],
  ['8003', upTo(30)],
  ['8004', upTo(30)],
  ['8005', fixed(6)],
  ['8020', upTo(25)],
  ['90', upTo(30)],
  ...['91', '92', '93', '94', '95', '96', '97', '98', '99'].map((ai): [string, AiSpec] => [ai, upTo(90)]),
]);

/**
 * The AIs whose data has a length predefined by the AI's first two digits (GS1 General Specifications,
 * figure 7.8.5-2): no FNC1 (GS) follows them in a symbol, so `01` + GTIN + `17` + date + `10` + lot needs none —
 * the lot, variable-length, comes last. Every other element that is not last is closed by GS.
 */
const PREDEFINED_LENGTH = new Set(['00', '01', '02', '03', '04', '11', '12', '13', '14', '15', '16', '17', '18', '19', '20', '31', '32', '33', '34', '35', '36', '41']);

const GS = '\x1d';
/** The 82 characters GS1 allows in alphanumeric data (character set 82). */
const CSET82 = /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]+$/;
const GS1_SYMBOLOGIES = new Set([']C1', ']e0', ']d2', ']Q3', ']J1']);

export interface Gs1Element {
  ai: string;
  value: string;
}

export interface Gs1Data {
  elements: Gs1Element[];
  /** (01), 14 digits. */
  gtin?: string;
  /** (10) */
  lot?: string;
  /** (17) as YYYY-MM-DD. */
  expiry?: string;
  /** (11) as YYYY-MM-DD. */
  production?: string;
  /** (21) */
  serial?: string;
  /** (02), 14 digits: the GTIN of the trade items a logistic unit contains (a case's or the product's). */
  contained?: string;
  /** (37): how many of the (02) items it contains. */
  count?: number;
}

/**
 * A scanned string without its symbology identifier (`]C1…`), and whether that identifier says GS1.
 * Other identifiers (]C0 plain Code 128, ]E0 EAN-13, ]Q1 QR …) are removed too: the data follows them.
 */
export function stripSymbologyIdentifier(scanned: string): { data: string; gs1: boolean } {
  const match = /^\][A-Za-z][0-9A-Za-z]/.exec(scanned);
  if (!match) return { data: scanned, gs1: false };
  return { data: scanned.slice(3), gs1: GS1_SYMBOLOGIES.has(match[0]) };
}

/**
 * Whether a string is written as GS1 element strings: "(01)…", data with a GS separator, or — as a scanner
 * sends a GS1-128 or DataMatrix whose only variable-length element comes last — a known fixed-length AI
 * followed by its whole data (`0109501101020917…`). The last may still be something else (a shelf code
 * that happens to start with digits): `implicitGs1` says so, and the caller falls back when it fails.
 */
export function looksLikeGs1(data: string): boolean {
  return /^\(\d{2,4}\)/.test(data) || data.startsWith(GS) || (data.includes(GS) && /^\d{2}/.test(data)) || implicitGs1(data);
}

/** A string without parentheses or GS that starts with a predefined-length AI and all of its data. */
export function implicitGs1(data: string): boolean {
  if (data.includes(GS) || !PREDEFINED_LENGTH.has(data.slice(0, 2))) return false;
  const ai = [2, 3, 4].map((n) => data.slice(0, n)).find((candidate) => GS1_AIS.get(candidate)?.fixed);
  return ai !== undefined && data.length >= ai.length + GS1_AIS.get(ai)!.length;
}

/**
 * Reads a GS1 element string, with or without parentheses, GS separators anywhere a variable-length
 * element ends (and before the first element, as FNC1 in first position). Throws a Gs1Error naming the
 * element at fault: an unknown AI, a value of the wrong form, a date that is not one, a GTIN, SSCC or GLN
 * whose check digit is wrong, or an element without data.
 */
export function parseGs1(text: string, today: Date = new Date()): Gs1Data {
  const elements = /^\(\d{2,4}\)/.test(text) ? bracketed(text) : concatenated(text);
  const data: Gs1Data = { elements };
  for (const { ai, value } of elements) {
    const spec = GS1_AIS.get(ai)!;
    if (spec.kind === 'date') {
      const date = gs1Date(value, today);
      if (!date) throw new Gs1Error('bad_date', { ai, value });
      if (ai === '17') data.expiry = date;
      if (ai === '11') data.production = date;
    } else if (spec.kind === 'numeric' ? !/^\d+$/.test(value) : !CSET82.test(value)) {
      throw new Gs1Error('bad_value', { ai, value });
    }
    if (spec.fixed && value.length !== spec.length) throw new Gs1Error(value.length < spec.length ? 'truncated' : 'bad_value', { ai, value });
    if (!spec.fixed && value.length > spec.length) throw new Gs1Error('bad_value', { ai, value });
    if (spec.check && !checkDigitValid(value)) throw new Gs1Error('check_digit', { gtin: value });
    if (ai === '01') data.gtin = value;
    if (ai === '10') data.lot = value;
    if (ai === '21') data.serial = value;
    if (ai === '02') data.contained = value;
    if (ai === '37') data.count = Number(value);
  }
  return data;
}

/** "(01)09501101020917(10)AB-12": each AI between parentheses, its data up to the next one. */
function bracketed(text: string): Gs1Element[] {
  const elements: Gs1Element[] = [];
  const pattern = /\((\d{2,4})\)([^()]*)/y;
  let at = 0;
  while (at < text.length) {
    pattern.lastIndex = at;
    const match = pattern.exec(text);
    if (!match) throw new Gs1Error('bad_value', { ai: elements.at(-1)?.ai ?? '?', value: text.slice(at) });
    const ai = match[1];
    if (!GS1_AIS.has(ai)) throw new Gs1Error('unknown_ai', { ai });
    const value = match[2].replaceAll(GS, '');
    if (!value) throw new Gs1Error('truncated', { ai });
    elements.push({ ai, value });
    at = pattern.lastIndex;
  }
  return elements;
}

/** "0109501101020917" GS "10AB-12": fixed-length data by length, variable-length data up to GS or the end. */
function concatenated(text: string): Gs1Element[] {
  const elements: Gs1Element[] = [];
  let at = 0;
  while (at < text.length) {
    if (text[at] === GS) {
      at++;
      continue;
    }
    const ai = [2, 3, 4].map((n) => text.slice(at, at + n)).find((candidate) => GS1_AIS.has(candidate));
    if (!ai) throw new Gs1Error('unknown_ai', { ai: text.slice(at, at + 4).replaceAll(GS, '') || text.slice(at) });
    const spec = GS1_AIS.get(ai)!;
    at += ai.length;
    const end = spec.fixed ? at + spec.length : text.indexOf(GS, at) === -1 ? text.length : text.indexOf(GS, at);
    const value = text.slice(at, end);
    if (!value || value.includes(GS)) throw new Gs1Error('truncated', { ai });
    elements.push({ ai, value });
    at = end;
  }
  if (!elements.length) throw new Gs1Error('truncated', { ai: '?' });
  return elements;
}

/**
 * YYMMDD → YYYY-MM-DD. The century is the one that puts the year within 49 years back and 50 ahead of
 * today (GS1 §7.12); day 00 means the last day of the month.
 */
export function gs1Date(value: string, today: Date = new Date()): string | null {
  const match = /^(\d{2})(\d{2})(\d{2})$/.exec(value);
  if (!match) return null;
  const [yy, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const current = today.getUTCFullYear();
  const difference = yy - (current % 100);
  const century = Math.floor(current / 100) + (difference >= 51 ? -1 : difference <= -50 ? 1 : 0);
  const year = century * 100 + yy;
  if (month < 1 || month > 12) return null;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const actual = day === 0 ? last : day;
  if (actual > last) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(actual).padStart(2, '0')}`;
}

/** The GS1 mod-10 check digit (GTIN-8/12/13/14, SSCC, GLN): weights 3 and 1 from the right. */
export function checkDigitValid(digits: string): boolean {
  if (!/^\d{2,}$/.test(digits)) return false;
  let sum = 0;
  for (let i = digits.length - 2, weight = 3; i >= 0; i--, weight = 4 - weight) sum += Number(digits[i]) * weight;
  return (10 - (sum % 10)) % 10 === Number(digits[digits.length - 1]);
}

/**
 * The spellings under which a product may keep its GTIN as bar code: the GTIN-14 itself, and with its
 * leading zeros removed the EAN-13, UPC-A (12) and EAN-8 forms. `gtin` is 8, 12, 13 or 14 digits.
 */
export function gtinSpellings(gtin: string): string[] {
  const full = gtin.padStart(14, '0');
  return [14, 13, 12, 8].filter((length) => /^0*$/.test(full.slice(0, 14 - length))).map((length) => full.slice(14 - length));
}
