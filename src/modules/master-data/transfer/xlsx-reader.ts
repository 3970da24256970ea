import { StringDecoder } from 'node:string_decoder';
import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { SaxesParser, SaxesTagPlain } from 'saxes';

/**
 * A bounded reader of the first worksheet of an XLSX file, for imports. An XLSX is a zip of XML parts, and
 * a small upload can unpack to anything: a 307 KB file holding one 300 MB shared string took the server
 * from 389 MB to 1.75 GB, a 264 KB file of empty rows took a minute of CPU in a general-purpose reader. So
 * every limit here is checked while the bytes come, never from what the file declares alone:
 * - each zip part is inflated as a stream and refused once it passes `maxPartBytes` (or its declared size);
 * - no run of XML text between two tags may pass `maxRunChars`, so no cell or string grows unbounded;
 * - shared strings are bounded in number and in total length, each one by `maxCellChars`;
 * - every `<row>` counts, empty ones too, against `maxRowsRead`; cells past `maxColumns` are skipped and
 *   the cells kept are bounded by `maxCells`.
 * The sheet is parsed as it inflates (SAX), so memory holds the shared strings and the rows kept, no more.
 * Written on node:zlib and saxes rather than a spreadsheet library because the counting must sit inside
 * the inflating and the parsing.
 */
export interface XlsxLimits {
  maxPartBytes: number;
  maxTotalBytes: number;
  maxRunChars: number;
  maxCellChars: number;
  maxSharedStrings: number;
  maxSharedChars: number;
  maxRowsRead: number;
  maxColumns: number;
  maxCells: number;
}

export const DEFAULT_XLSX_LIMITS: Omit<XlsxLimits, 'maxRowsRead'> = {
  maxPartBytes: 128 * 1024 * 1024,
  maxTotalBytes: 192 * 1024 * 1024,
  maxRunChars: 256 * 1024,
  // Excel's own limit for the text of a cell
  maxCellChars: 32767,
  maxSharedStrings: 2_000_000,
  maxSharedChars: 24_000_000,
  maxColumns: 200,
  maxCells: 2_500_000,
};

export type XlsxRefusal = 'unreadable' | 'too_large' | 'too_many_rows';

export class XlsxError extends Error {
  constructor(readonly reason: XlsxRefusal) {
    super(reason);
  }
}

export interface XlsxRow {
  /** The row number in the sheet (1 = the first). */
  line: number;
  cells: string[];
}

/** What a read inflated, for the specs that check it stopped where it should. */
export interface XlsxReadStats {
  inflatedBytes: number;
}

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  declaredSize: number;
  localOffset: number;
}

const MAX_ZIP_ENTRIES = 10_000;

/** The entries of a zip held in memory, from its central directory (zip64 and encryption are refused). */
function zipEntries(zip: Buffer): Map<string, ZipEntry> {
  const from = Math.max(0, zip.length - 22 - 0xffff);
  let end = -1;
  for (let i = zip.length - 22; i >= from; i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new XlsxError('unreadable');
  const count = zip.readUInt16LE(end + 10);
  let offset = zip.readUInt32LE(end + 16);
  if (count > MAX_ZIP_ENTRIES || count === 0xffff || offset === 0xffffffff) throw new XlsxError('unreadable');
  const entries = new Map<string, ZipEntry>();
  for (let n = 0; n < count; n++) {
    if (offset + 46 > zip.length || zip.readUInt32LE(offset) !== 0x02014b50) throw new XlsxError('unreadable');
    const flags = zip.readUInt16LE(offset + 8);
    const nameLength = zip.readUInt16LE(offset + 28);
    const entry: ZipEntry = {
      method: zip.readUInt16LE(offset + 10),
      compressedSize: zip.readUInt32LE(offset + 20),
      declaredSize: zip.readUInt32LE(offset + 24),
      localOffset: zip.readUInt32LE(offset + 42),
      name: zip.toString('utf8', offset + 46, offset + 46 + nameLength),
    };
    if (flags & 0x1 || entry.compressedSize === 0xffffffff || entry.declaredSize === 0xffffffff) throw new XlsxError('unreadable');
    entries.set(entry.name.replace(/^\//, ''), entry);
    offset += 46 + nameLength + zip.readUInt16LE(offset + 30) + zip.readUInt16LE(offset + 32);
  }
  return entries;
}

class BoundedZip {
  readonly stats: XlsxReadStats = { inflatedBytes: 0 };
  private readonly entries: Map<string, ZipEntry>;

  constructor(
    private readonly zip: Buffer,
    private readonly limits: XlsxLimits,
  ) {
    this.entries = zipEntries(zip);
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** The part's text, chunk by chunk, inflated as it is read and stopped at the limits. */
  async *text(name: string): AsyncGenerator<string> {
    const entry = this.entries.get(name);
    if (!entry) throw new XlsxError('unreadable');
    if (entry.declaredSize > this.limits.maxPartBytes) throw new XlsxError('too_large');
    const at = entry.localOffset;
    if (at + 30 > this.zip.length || this.zip.readUInt32LE(at) !== 0x04034b50) throw new XlsxError('unreadable');
    const start = at + 30 + this.zip.readUInt16LE(at + 26) + this.zip.readUInt16LE(at + 28);
    const data = this.zip.subarray(start, start + entry.compressedSize);
    if (data.length !== entry.compressedSize) throw new XlsxError('unreadable');
    const decoder = new StringDecoder('utf8');
    let inflated = 0;
    if (entry.method !== 0 && entry.method !== 8) throw new XlsxError('unreadable');
    const source: Readable = entry.method === 0 ? Readable.from([data]) : Readable.from([data]).pipe(createInflateRaw({ chunkSize: 64 * 1024 }));
    try {
      for await (const chunk of source) {
        inflated += chunk.length;
        this.stats.inflatedBytes += chunk.length;
        // more than the part declared (which is within the limit): a forged file, stop inflating now
        if (inflated > entry.declaredSize) throw new XlsxError('too_large');
        if (this.stats.inflatedBytes > this.limits.maxTotalBytes) throw new XlsxError('too_large');
        yield decoder.write(chunk);
      }
    } catch (error) {
      if (error instanceof XlsxError) throw error;
      throw new XlsxError('unreadable'); // corrupt deflate data
    } finally {
      source.destroy();
    }
    const rest = decoder.end();
    if (rest) yield rest;
  }
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** Feeds a part into a SAX parser, refusing a run of text between tags longer than the limit. */
async function parsePart(zip: BoundedZip, name: string, limits: XlsxLimits, handlers: { open?: (tag: SaxesTagPlain) => void; close?: (name: string) => void; text?: (text: string) => void }): Promise<void> {
  const parser = new SaxesParser();
  if (handlers.open) parser.on('opentag', (tag) => handlers.open!({ ...tag, name: localName(tag.name) }));
  if (handlers.close) parser.on('closetag', (tag) => handlers.close!(localName(tag.name)));
  if (handlers.text) parser.on('text', handlers.text);
  let run = 0;
  try {
    for await (const chunk of zip.text(name)) {
      const firstTag = chunk.indexOf('<');
      if (run + (firstTag < 0 ? chunk.length : firstTag) > limits.maxRunChars) throw new XlsxError('too_large');
      run = firstTag < 0 ? run + chunk.length : chunk.length - chunk.lastIndexOf('<');
      if (run > limits.maxRunChars) throw new XlsxError('too_large');
      parser.write(chunk);
    }
    parser.close();
  } catch (error) {
    if (error instanceof XlsxError) throw error;
    throw new XlsxError('unreadable'); // not well-formed XML
  }
}

/** The paths of the first worksheet and of the shared strings, from the workbook and its relationships. */
async function workbookParts(zip: BoundedZip, limits: XlsxLimits): Promise<{ sheet: string; sharedStrings: string | null }> {
  let firstSheetRel: string | null = null;
  await parsePart(zip, 'xl/workbook.xml', limits, {
    open: (tag) => {
      if (tag.name === 'sheet' && firstSheetRel === null) firstSheetRel = String(tag.attributes['r:id'] ?? Object.entries(tag.attributes).find(([key]) => localName(key) === 'id')?.[1] ?? '');
    },
  });
  const targets = new Map<string, string>();
  let sharedStrings: string | null = null;
  if (zip.has('xl/_rels/workbook.xml.rels')) {
    await parsePart(zip, 'xl/_rels/workbook.xml.rels', limits, {
      open: (tag) => {
        if (tag.name !== 'Relationship') return;
        const target = String(tag.attributes.Target ?? '');
        const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
        targets.set(String(tag.attributes.Id ?? ''), path);
        if (/\/sharedStrings$/.test(String(tag.attributes.Type ?? ''))) sharedStrings = path;
      },
    });
  }
  const sheet = (firstSheetRel && targets.get(firstSheetRel)) || 'xl/worksheets/sheet1.xml';
  if (!sharedStrings && zip.has('xl/sharedStrings.xml')) sharedStrings = 'xl/sharedStrings.xml';
  if (!zip.has(sheet)) throw new XlsxError('unreadable');
  return { sheet, sharedStrings: sharedStrings && zip.has(sharedStrings) ? sharedStrings : null };
}

async function readSharedStrings(zip: BoundedZip, path: string, limits: XlsxLimits): Promise<string[]> {
  const strings: string[] = [];
  let total = 0;
  let current: string | null = null;
  let inText = false;
  let phonetic = 0;
  await parsePart(zip, path, limits, {
    open: (tag) => {
      if (tag.name === 'si') current = '';
      else if (tag.name === 'rPh') phonetic++;
      else if (tag.name === 't') inText = true;
    },
    text: (text) => {
      if (current === null || !inText || phonetic) return;
      current += text;
      if (current.length > limits.maxCellChars) throw new XlsxError('too_large');
    },
    close: (name) => {
      if (name === 't') inText = false;
      else if (name === 'rPh') phonetic--;
      else if (name === 'si' && current !== null) {
        total += current.length;
        strings.push(current);
        current = null;
        if (strings.length > limits.maxSharedStrings || total > limits.maxSharedChars) throw new XlsxError('too_large');
      }
    },
  });
  return strings;
}

/** `B12` → column 1 (0-based); null when the reference has no letters. */
function columnOf(ref: string): number | null {
  const letters = /^[A-Z]{1,3}/.exec(ref)?.[0];
  if (!letters) return null;
  let column = 0;
  for (const letter of letters) column = column * 26 + (letter.charCodeAt(0) - 64);
  return column - 1;
}

/** A number as a user reads it (the same as the cell text of a number elsewhere in the importer). */
function numberText(value: string): string {
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number)) return value;
  return Number.isInteger(number) ? String(number) : String(Number(number.toPrecision(15)));
}

/**
 * The rows of the first worksheet that hold any text (as the user sees it: shared and inline strings,
 * numbers, booleans as 1/0, formulas by their cached result, dates as YYYY-MM-DD).
 */
export async function readXlsxRows(buffer: Buffer, limits: XlsxLimits, stats?: XlsxReadStats): Promise<XlsxRow[]> {
  const zip = new BoundedZip(buffer, limits);
  try {
    const parts = await workbookParts(zip, limits);
    const shared = parts.sharedStrings ? await readSharedStrings(zip, parts.sharedStrings, limits) : [];
    const rows: XlsxRow[] = [];
    let rowsRead = 0;
    let cellsKept = 0;
    let line = 0;
    let cells: string[] = [];
    let column = -1;
    let cell: { type: string; column: number; value: string; inline: string } | null = null;
    let collecting: 'v' | 't' | null = null;
    await parsePart(zip, parts.sheet, limits, {
      open: (tag) => {
        if (tag.name === 'row') {
          if (++rowsRead > limits.maxRowsRead) throw new XlsxError('too_many_rows');
          const r = Number(tag.attributes.r);
          line = Number.isInteger(r) && r > line ? r : line + 1;
          cells = [];
          column = -1;
        } else if (tag.name === 'c') {
          const ref = columnOf(String(tag.attributes.r ?? ''));
          column = ref !== null && ref > column ? ref : column + 1;
          cell = { type: String(tag.attributes.t ?? 'n'), column, value: '', inline: '' };
        } else if (cell && (tag.name === 'v' || (tag.name === 't' && cell.type === 'inlineStr'))) collecting = tag.name;
        else if (tag.name === 'rPh') collecting = null;
      },
      text: (text) => {
        if (!cell || !collecting) return;
        if (collecting === 'v') cell.value += text;
        else cell.inline += text;
        if (cell.value.length + cell.inline.length > limits.maxCellChars) throw new XlsxError('too_large');
      },
      close: (name) => {
        if (name === 'v' || name === 't') collecting = null;
        else if (name === 'c' && cell) {
          if (cell.column < limits.maxColumns) {
            const text = cellValue(cell, shared);
            if (text !== '') {
              if (++cellsKept > limits.maxCells) throw new XlsxError('too_large');
              cells[cell.column] = text;
            }
          }
          cell = null;
        } else if (name === 'row') {
          if (cells.some((text) => text !== undefined && text.trim() !== '')) rows.push({ line, cells: Array.from(cells, (text) => text ?? '') });
          cells = [];
        }
      },
    });
    return rows;
  } finally {
    if (stats) stats.inflatedBytes = zip.stats.inflatedBytes;
  }
}

function cellValue(cell: { type: string; value: string; inline: string }, shared: string[]): string {
  switch (cell.type) {
    case 's':
      return shared[Number(cell.value)] ?? '';
    case 'inlineStr':
      return cell.inline;
    case 'str':
      return cell.value;
    case 'b':
      return cell.value.trim() === '1' ? '1' : '0';
    case 'e':
      return '';
    case 'd':
      return cell.value.slice(0, 10);
    default:
      return numberText(cell.value);
  }
}
