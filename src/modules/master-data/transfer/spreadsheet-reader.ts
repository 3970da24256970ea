import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { importedText } from '../../../shared/http/spreadsheet-cells';

/** One data line of an imported file: its line number in the file (the header is line 1) and its cells. */
export interface SheetRow {
  line: number;
  cells: string[];
}

export interface Sheet {
  header: string[];
  rows: SheetRow[];
}

export class SpreadsheetError extends Error {
  constructor(readonly reason: 'unsupported' | 'unreadable' | 'too_many_rows' | 'empty') {
    super(reason);
  }
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * Reads the first worksheet of an XLSX file or a CSV file (UTF-8 with or without BOM, or GB18030 as Excel
 * saves it on Chinese Windows) into text cells. Empty lines are skipped; past `maxRows` data lines it
 * stops with `too_many_rows`.
 */
export async function readSpreadsheet(buffer: Buffer, filename: string, maxRows: number): Promise<Sheet> {
  const suffix = filename.toLowerCase().split('.').pop() ?? '';
  const isZip = buffer.subarray(0, 4).equals(ZIP_MAGIC);
  let lines: SheetRow[];
  if (isZip && (suffix === 'xlsx' || suffix === 'xlsm' || suffix !== 'csv')) lines = await readXlsx(buffer, maxRows);
  else if (suffix === 'csv' || suffix === 'txt') lines = readCsv(buffer, maxRows);
  else throw new SpreadsheetError('unsupported');
  const [head, ...rows] = lines;
  if (!head) throw new SpreadsheetError('empty');
  // a file this product exported has `'` before text that would start a formula: it reads back without it
  for (const row of rows) row.cells = row.cells.map(importedText);
  return { header: head.cells.map((cell) => cell.trim()), rows };
}

function decodeText(buffer: Buffer): string {
  const body = buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf ? buffer.subarray(3) : buffer;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return new TextDecoder('gb18030').decode(body);
  }
}

/** RFC 4180: fields separated by commas, quoted with `"` (doubled inside), records by CRLF or LF. */
export function parseCsv(text: string, maxRows = Number.MAX_SAFE_INTEGER): SheetRow[] {
  const rows: SheetRow[] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  const push = () => {
    record.push(field);
    field = '';
    if (record.some((cell) => cell.trim() !== '')) {
      if (rows.length > maxRows) throw new SpreadsheetError('too_many_rows');
      rows.push({ line: recordLine, cells: record });
    }
    record = [];
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === '\n') line++;
        field += c;
      }
      continue;
    }
    if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' || c === '\n') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      push();
      line++;
      recordLine = line;
    } else field += c;
  }
  if (field !== '' || record.length) push();
  return rows;
}

function readCsv(buffer: Buffer, maxRows: number): SheetRow[] {
  return parseCsv(decodeText(buffer), maxRows);
}

async function readXlsx(buffer: Buffer, maxRows: number): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(buffer), {
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'ignore',
      worksheets: 'emit',
      entries: 'emit',
    });
    for await (const worksheet of reader) {
      for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
        const values = Array.isArray(row.values) ? row.values.slice(1) : [];
        const cells = Array.from({ length: values.length }, (_, i) => cellText(values[i]));
        if (!cells.some((cell) => cell.trim() !== '')) continue;
        if (rows.length > maxRows) throw new SpreadsheetError('too_many_rows');
        rows.push({ line: row.number, cells });
      }
      break; // the first worksheet only
    }
  } catch (error) {
    if (error instanceof SpreadsheetError) throw error;
    throw new SpreadsheetError('unreadable');
  }
  return rows;
}

/** A cell as the text a user sees: rich text joined, formulas by their result, dates as YYYY-MM-DD. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(15)));
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const v = value as { richText?: Array<{ text: string }>; text?: unknown; result?: unknown; error?: unknown };
    if (Array.isArray(v.richText)) return v.richText.map((part) => part.text).join('');
    if ('result' in v) return cellText(v.result);
    if (v.text !== undefined) return cellText(v.text);
    if (v.error !== undefined) return '';
  }
  return String(value);
}
