import request from 'supertest';
import { TestApp } from '../setup/create-test-app';
import { Session } from '../support/api';
import { emptyRows, hugeSharedString, SHARED_HEADER, sheetOf, workbook, zipOf } from '../support/xlsx-bomb';
import { adminSpec } from '../support/admin-spec';

/**
 * Spreadsheet bombs on import: small XLSX files that unpack to hundreds of megabytes or millions of rows
 * are refused with a translated message while they are being read — the server's memory does not follow
 * what the file unpacks to (measured as the growth of this process's resident set, where the app runs).
 */
const MB = 1024 * 1024;

describe('import refuses spreadsheet bombs', () => {
  let t: TestApp;
  let root: Session;
  adminSpec({ ready: (fixture) => ({ t, session: root } = fixture) });

  const upload = (content: Buffer, lang = 'en') =>
    request(t.app.getHttpServer()).post('/admin/wms.Product/import').set('batoken', root.token).set('think-lang', lang).attach('file', content, 'products.xlsx');
  const products = async () => Number((await t.dataSource.query('SELECT COUNT(*) AS n FROM product'))[0].n);
  const rss = () => process.memoryUsage().rss;

  it('a 300 MB shared string in a file of a few hundred kilobytes: refused, memory flat', async () => {
    const bomb = await zipOf(workbook(sheetOf(() => []), hugeSharedString(300)));
    expect(bomb.length).toBeLessThan(MB);
    const before = rss();
    const res = await upload(bomb);
    expect(res.body).toMatchObject({
      code: 0,
      msg: 'The spreadsheet unpacks to more than an import reads (a part of the file, a cell or its texts are too large); save it again or split it',
    });
    expect(rss() - before).toBeLessThan(64 * MB);
    expect((await upload(bomb, 'zh-cn')).body.msg).toMatch(/^表格解压后超出导入可读取的大小/);
    expect(await products()).toBe(0);
  });

  it('three of them at once: memory still flat', async () => {
    const bomb = await zipOf(workbook(sheetOf(() => []), hugeSharedString(300)));
    const before = rss();
    const answers = await Promise.all([upload(bomb), upload(bomb), upload(bomb)]);
    expect(answers.map((a) => a.body.code)).toEqual([0, 0, 0]);
    expect(rss() - before).toBeLessThan(96 * MB);
  });

  it('five million empty rows in a small file: refused at the row limit, empty rows counted', async () => {
    const bomb = await zipOf(workbook(sheetOf(emptyRows(5_000_000)), SHARED_HEADER));
    expect(bomb.length).toBeLessThan(100 * 1024);
    const before = rss();
    const res = await upload(bomb);
    expect(res.body).toMatchObject({ code: 0, msg: 'The file has more than 100000 rows; split it into smaller files' });
    expect(rss() - before).toBeLessThan(64 * MB);
    expect(await products()).toBe(0);
  });
});
