import ExcelJS from 'exceljs';
import { emptyRows, hugeSharedString, SHARED_HEADER, sheetOf, workbook, zipOf } from '../../../../test/support/xlsx-bomb';
import { DEFAULT_XLSX_LIMITS, readXlsxRows, XlsxLimits, XlsxReadStats } from './xlsx-reader';

const LIMITS: XlsxLimits = { ...DEFAULT_XLSX_LIMITS, maxRowsRead: 100_001 };
const MB = 1024 * 1024;

async function refusal(buffer: Buffer, limits: XlsxLimits = LIMITS): Promise<{ reason: string; stats: XlsxReadStats }> {
  const stats: XlsxReadStats = { inflatedBytes: 0 };
  const reason = await readXlsxRows(buffer, limits, stats).then(
    () => 'read',
    (error: { reason?: string }) => error.reason ?? String(error),
  );
  return { reason, stats };
}

describe('the bounded XLSX reader', () => {
  it('reads what Excel-like writers produce: shared and inline strings, numbers, booleans, formulas by result', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Products');
    sheet.addRow(['Product no.', 'Name', 'Price', 'Flag', 'Sum']);
    sheet.addRow(['P1', '扳手', 12.5, true, { formula: 'C2*2', result: 25 }]);
    sheet.addRow([]);
    sheet.addRow(['P2', { richText: [{ text: 'Big ' }, { text: 'saw' }] }, 0.1 + 0.2]);
    const rows = await readXlsxRows(Buffer.from(await book.xlsx.writeBuffer()), LIMITS);
    expect(rows).toEqual([
      { line: 1, cells: ['Product no.', 'Name', 'Price', 'Flag', 'Sum'] },
      { line: 2, cells: ['P1', '扳手', '12.5', '1', '25'] },
      { line: 4, cells: ['P2', 'Big saw', '0.3'] },
    ]);
  });

  it('stops inside a 100 MB shared string after a few hundred kilobytes', async () => {
    const bomb = await zipOf(workbook(sheetOf(() => []), hugeSharedString(100)));
    expect(bomb.length).toBeLessThan(300 * 1024);
    const { reason, stats } = await refusal(bomb);
    expect(reason).toBe('too_large');
    expect(stats.inflatedBytes).toBeLessThan(2 * MB);
  });

  it('counts empty rows: five million of them stop at the row limit, under a megabyte in', async () => {
    const bomb = await zipOf(workbook(sheetOf(emptyRows(5_000_000)), SHARED_HEADER));
    expect(bomb.length).toBeLessThan(100 * 1024);
    const { reason, stats } = await refusal(bomb);
    expect(reason).toBe('too_many_rows');
    expect(stats.inflatedBytes).toBeLessThan(MB);
  });

  it('checks sizes while inflating: a part that inflates past its declared size is stopped there', async () => {
    const lying = await zipOf(workbook(sheetOf(emptyRows(200_000)), SHARED_HEADER, { sheet: 4096 }));
    const { reason, stats } = await refusal(lying);
    expect(reason).toBe('too_large');
    expect(stats.inflatedBytes).toBeLessThan(256 * 1024);
  });

  it('refuses a part that declares more than a part may be, before inflating it', async () => {
    const declared = await zipOf(workbook(sheetOf(() => []), SHARED_HEADER, { sheet: LIMITS.maxPartBytes + 1 }));
    const { reason, stats } = await refusal(declared);
    expect(reason).toBe('too_large');
    expect(stats.inflatedBytes).toBeLessThan(4096);
  });

  it('bounds the shared strings in number and total length, the cells kept and the columns', async () => {
    const many = () => ['<sst>', ...Array.from({ length: 50 }, (_, i) => `<si><t>s${i}</t></si>`), '</sst>'];
    expect((await refusal(await zipOf(workbook(sheetOf(() => []), many)), { ...LIMITS, maxSharedStrings: 10 })).reason).toBe('too_large');
    expect((await refusal(await zipOf(workbook(sheetOf(() => []), many)), { ...LIMITS, maxSharedChars: 40 })).reason).toBe('too_large');
    const wide = () => ['<row r="2">', ...Array.from({ length: 30 }, (_, i) => `<c r="A2" t="inlineStr"><is><t>x${i}</t></is></c>`.replace('A2', `${String.fromCharCode(66 + (i % 20))}2`)), '</row>'];
    expect((await refusal(await zipOf(workbook(sheetOf(wide), SHARED_HEADER)), { ...LIMITS, maxCells: 10 })).reason).toBe('too_large');
    // a cell at column XFD is skipped, not grown into 16,384 cells
    const far = () => ['<row r="2"><c r="A2" t="inlineStr"><is><t>P9</t></is></c><c r="XFD2" t="inlineStr"><is><t>far</t></is></c></row>'];
    const rows = await readXlsxRows(await zipOf(workbook(sheetOf(far), SHARED_HEADER)), LIMITS);
    expect(rows[1]).toEqual({ line: 2, cells: ['P9'] });
  });

  it('answers unreadable for what is not a workbook', async () => {
    expect((await refusal(Buffer.from('PK\u0003\u0004 not really'))).reason).toBe('unreadable');
    expect((await refusal(await zipOf([{ name: 'a.txt', chunks: () => ['x'] }]))).reason).toBe('unreadable');
    expect((await refusal(await zipOf(workbook(() => ['<worksheet><sheetData><row>'], SHARED_HEADER)))).reason).toBe('unreadable');
  });
});
