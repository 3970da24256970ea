import { importedText } from '../../../shared/http/spreadsheet-cells';
import { DEFAULT_XLSX_LIMITS, readXlsxRows, XlsxError } from './xlsx-reader';

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
  constructor(readonly reason: 'unsupported' | 'unreadable' | 'too_many_rows' | 'unpacked_too_large' | 'empty') {
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

/**
 * The first worksheet through the bounded reader (xlsx-reader.ts): a file that unpacks to more than an
 * import reads is refused while it is being read, whatever its size on upload.
 */
async function readXlsx(buffer: Buffer, maxRows: number): Promise<SheetRow[]> {
  try {
    return await readXlsxRows(buffer, { ...DEFAULT_XLSX_LIMITS, maxRowsRead: maxRows + 1 });
  } catch (error) {
    if (error instanceof XlsxError) throw new SpreadsheetError(error.reason === 'too_large' ? 'unpacked_too_large' : error.reason);
    throw new SpreadsheetError('unreadable');
  }
}
