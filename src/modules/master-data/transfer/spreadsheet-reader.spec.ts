import { parseCsv, readSpreadsheet, SpreadsheetError } from './spreadsheet-reader';
import { enumValue, mapHeaders, normaliseHeader } from './import-rows';
import { csvCell, csvRecord } from '../../../shared/http/spreadsheet-cells';

describe('parseCsv (RFC 4180)', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, CRLF or LF, skipping empty lines', () => {
    const rows = parseCsv('a,b,c\r\n"x, y","say ""hi""","two\nlines"\n\n1,,3\n');
    expect(rows).toEqual([
      { line: 1, cells: ['a', 'b', 'c'] },
      { line: 2, cells: ['x, y', 'say "hi"', 'two\nlines'] },
      { line: 5, cells: ['1', '', '3'] },
    ]);
  });

  it('reads back every record the exports write, whatever its cells hold', () => {
    const records = [
      ['code', '名称', 'note'],
      ['P-1', 'a, b', 'say "hi"'],
      ['=HYPERLINK("x")', 'two\r\nlines', ''],
      ['-5', '@sum', '"'],
    ];
    const rows = parseCsv(records.map((cells) => csvRecord(cells.map((cell) => csvCell(cell)))).join(''));
    expect(rows.map((row) => row.cells.map((cell) => cell.replace(/^'/, '')))).toEqual(records);
  });

  it('stops past the row limit', () => {
    expect(() => parseCsv('h\n1\n2\n3\n', 2)).toThrow(SpreadsheetError);
    expect(parseCsv('h\n1\n2\n', 2)).toHaveLength(3);
  });
});

describe('readSpreadsheet', () => {
  it('drops the BOM, reads GB18030 when the bytes are not UTF-8, and refuses other files', async () => {
    expect((await readSpreadsheet(Buffer.from('\uFEFF名称\n扳手\n'), 'a.csv', 10)).header).toEqual(['名称']);
    const gbk = Buffer.from([0xc3, 0xfb, 0xb3, 0xc6, 0x0a, 0x31]);
    expect((await readSpreadsheet(gbk, 'a.csv', 10)).header).toEqual(['名称']);
    await expect(readSpreadsheet(Buffer.from('x'), 'a.pdf', 10)).rejects.toMatchObject({ reason: 'unsupported' });
  });

  it('reads back the quote an export put before formula-like text', async () => {
    const sheet = await readSpreadsheet(Buffer.from("name,spec\n'=1+1,'-5\n"), 'a.csv', 10);
    expect(sheet.rows[0].cells).toEqual(['=1+1', '-5']);
  });
});

describe('import headers and enumerations', () => {
  const fields = [
    { key: 'name', label: 'fields.name', required: true },
    { key: 'brand_id', label: 'fields.brand_id', aliases: ['brand'] },
  ];
  const labels = (key: string) => ({ 'fields.name': ['名称', 'Name'], 'fields.brand_id': ['品牌', 'Brand'] })[key] ?? [];

  it('matches keys, aliases and labels of either language, ignoring * and spaces', () => {
    expect(normaliseHeader(' *Product  code ')).toBe('product code');
    const { columns, missing } = mapHeaders(['ID', '*名称', 'brand'], fields, labels);
    expect([...columns.entries()].map(([i, f]) => [i, f.key])).toEqual([
      [1, 'name'],
      [2, 'brand_id'],
    ]);
    expect(missing).toEqual([]);
    expect(mapHeaders(['Brand'], fields, labels).missing.map((f) => f.key)).toEqual(['name']);
    expect(mapHeaders(['Name', 'name'], fields, labels).duplicated).toEqual(['name']);
  });

  it('reads an enumeration from its number or a label in either language', () => {
    const labelsOf = (v: number) => ({ 10: ['上架', 'On shelf'], 20: ['下架', 'Off shelf'] })[v] ?? [];
    expect(enumValue('20', [10, 20], labelsOf)).toBe(20);
    expect(enumValue('on shelf', [10, 20], labelsOf)).toBe(10);
    expect(enumValue('下架', [10, 20], labelsOf)).toBe(20);
    expect(enumValue('sold', [10, 20], labelsOf)).toBe('sold');
  });
});
