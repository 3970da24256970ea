import { constants, createDeflateRaw, crc32 } from 'node:zlib';

/**
 * Small XLSX files that unpack to a lot (the imports' spreadsheet bombs), built here: a zip whose parts are
 * deflated from generated chunks, so a part of hundreds of megabytes never exists in the test's memory.
 */
export interface BombPart {
  name: string;
  /** The part's content, chunk by chunk. */
  chunks: () => Iterable<string>;
  /** What the zip declares as the part's size (the true size unless given). */
  declaredSize?: number;
}

async function deflate(chunks: Iterable<string>): Promise<{ data: Buffer; size: number; crc: number }> {
  const deflater = createDeflateRaw({ level: constants.Z_BEST_COMPRESSION });
  const out: Buffer[] = [];
  deflater.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    deflater.on('end', resolve);
    deflater.on('error', reject);
  });
  let size = 0;
  let crc = 0;
  for (const text of chunks) {
    const bytes = Buffer.from(text, 'utf8');
    size += bytes.length;
    crc = crc32(bytes, crc);
    if (!deflater.write(bytes)) await new Promise((resolve) => deflater.once('drain', resolve));
  }
  deflater.end();
  await done;
  return { data: Buffer.concat(out), size, crc };
}

export async function zipOf(parts: BombPart[]): Promise<Buffer> {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const { data, size, crc } = await deflate(part.chunks());
    const name = Buffer.from(part.name, 'utf8');
    const declared = part.declaredSize ?? size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(8, 10);
    header.writeUInt32LE(crc >>> 0, 16);
    header.writeUInt32LE(data.length, 20);
    header.writeUInt32LE(declared, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    central.push(header, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const once = (text: string) => () => [text];

/** The parts every workbook needs, around the sheet and shared strings given. */
export function workbook(sheet: BombPart['chunks'], sharedStrings?: BombPart['chunks'], declared: { sheet?: number; sharedStrings?: number } = {}): BombPart[] {
  return [
    { name: '[Content_Types].xml', chunks: once('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>') },
    {
      name: 'xl/workbook.xml',
      chunks: once('<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>'),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      chunks: once(
        '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
          '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>',
      ),
    },
    { name: 'xl/worksheets/sheet1.xml', chunks: sheet, declaredSize: declared.sheet },
    ...(sharedStrings ? [{ name: 'xl/sharedStrings.xml', chunks: sharedStrings, declaredSize: declared.sharedStrings }] : []),
  ];
}

const SHEET_OPEN = '<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_CLOSE = '</sheetData></worksheet>';
const MB = 1024 * 1024;

/** A header row naming the product columns, then whatever `body` yields. */
export function sheetOf(body: () => Iterable<string>): () => Iterable<string> {
  return function* () {
    yield `${SHEET_OPEN}<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="inlineStr"><is><t>Name</t></is></c></row>`;
    yield* body();
    yield SHEET_CLOSE;
  };
}

/** One shared string of `megabytes` MB (the 300 MB string of the issue). */
export function hugeSharedString(megabytes: number): () => Iterable<string> {
  return function* () {
    yield '<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="2" uniqueCount="2"><si><t>Product no.</t></si><si><t>';
    const block = 'A'.repeat(MB);
    for (let i = 0; i < megabytes; i++) yield block;
    yield '</t></si></sst>';
  };
}

/** `count` empty rows after the header (the CPU bomb of the issue), numbered by position as Excel allows. */
export function emptyRows(count: number): () => Iterable<string> {
  return function* () {
    const batch = '<row/>'.repeat(10000);
    for (let done = 0; done < count; done += 10000) yield done + 10000 <= count ? batch : '<row/>'.repeat(count - done);
  };
}

export const SHARED_HEADER = () => ['<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>Product no.</t></si></sst>'];
