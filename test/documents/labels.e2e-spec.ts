import JSZip from 'jszip';
import sharp from 'sharp';
import { QueryCounter } from '../../src/shared/database/query-counter';
import { LABEL_SHEETS, labelBox, labelParts, PNG_DPI } from '../../src/shared/documents/labels';
import { unixNow } from '../../src/shared/http/envelope';
import { BACKGROUND_NICE } from '../../src/shared/runtime/thread-priority';
import { readdirSync, readFileSync } from 'node:fs';
import { TestApp } from '../setup/create-test-app';
import { createAdmin, login, Session } from '../support/api';
import { decodeBarcode, Region, Symbology } from '../support/barcodes';
import { download } from '../support/download';
import { compact, readPdf } from '../support/pdf';
import { Client } from '../support/warehouse';
import { adminSpec } from '../support/admin-spec';

type Row = Record<string, any>;

/** Renders each page at this many times 72 dpi (288 dpi): what a scanner sees of a printed label. */
const RENDER = 4;

/** The region of a label part on a page rendered at RENDER (pixels), slightly widened. */
function region(box: { x: number; y: number; width: number; height: number }, part: { x: number; y: number; width: number; height: number }, scale: number): Region {
  const grow = 2;
  return {
    left: Math.max(0, Math.floor((box.x + part.x) * scale) - grow),
    top: Math.max(0, Math.floor((box.y + part.y) * scale) - grow),
    width: Math.ceil(part.width * scale) + 2 * grow,
    height: Math.ceil(part.height * scale) + 2 * grow,
  };
}

/** Decodes both symbols of each label on a rendered page (Code 128 only where the value allows one). */
async function decodePage(png: Buffer, layout: 'a4' | 'roll', count: number, scale: number): Promise<Array<{ code128: string | null; qr: string }>> {
  const out = [];
  const [width, height] = LABEL_SHEETS[layout].label;
  const parts = labelParts(width, height);
  for (let i = 0; i < count; i++) {
    const box = labelBox(layout, i);
    const qr = await decodeBarcode(png, 'qrcode', region(box, parts.qr, scale));
    let code128: string | null;
    try {
      code128 = await decodeBarcode(png, 'code128', region(box, parts.barcode, scale));
    } catch {
      code128 = null;
    }
    out.push({ code128, qr });
  }
  return out;
}

describe('product and shelf labels: Code 128 and QR codes that decode to the exact value', () => {
  let t: TestApp;
  let c: Client;
  let session: Session;
  let w: Row;

  adminSpec({ ready: (fixture) => ({ t, session, c } = fixture) });
  beforeEach(async () => {
    const warehouse = await c.add('Warehouse', { name: '上海仓', serial_no: 'SH' });
    const area = await c.add('WarehouseArea', { warehouse_id: warehouse.id, name: 'A区', serial_no: 'A' });
    const shelf = (serial: string, name: string) => c.add('Shelf', { warehouse_id: warehouse.id, warehouse_area_id: area.id, name, serial_no: serial });
    const unit = await c.add('Unit', { name: '盒' });
    w = {
      shelves: [await shelf('A-01-02', '一号货架'), await shelf('A-01-03', '二号货架')],
      products: [
        await c.add('Product', { product_no: 'P-1001', bar_code: '6901234567892', name: '螺丝刀套装', spec: '12件', unit_id: unit.id, price: '19.90' }),
        await c.add('Product', { product_no: 'SKU/2024 #7', name: 'Hex key (long)', unit_id: unit.id, price: '1.00' }),
        await c.add('Product', { product_no: '货号-α', name: '中文编号商品', unit_id: unit.id, price: '1.00' }),
      ],
    };
  });

  it('prints an A4 sheet of product labels: bar code else product number, names in Chinese, every symbol decodes', async () => {
    const ids = w.products.map((p: Row) => p.id);
    const res = await download(t, `/admin/wms.Product/labels?${ids.map((id: number) => `ids[]=${id}`).join('&')}&format=pdf`, session.token, 'zh-cn');
    expect(res.type).toBe('application/pdf');
    const pdf = await readPdf(res.body, { render: RENDER });
    expect(pdf.info.Title).toBe('商品标签');
    expect(pdf.pages).toHaveLength(1);
    expect(Math.round(pdf.pages[0].width)).toBe(595);
    const text = compact(pdf.text);
    for (const expected of ['螺丝刀套装', '6901234567892', 'P-1001', '12件·盒', 'Hex key (long)', 'SKU/2024 #7', '中文编号商品', '货号-α', '编码含非 ASCII 字符，仅生成二维码']) expect(text).toContain(compact(expected));
    expect(await decodePage(pdf.pages[0].png!, 'a4', 3, RENDER)).toEqual([
      { code128: '6901234567892', qr: '6901234567892' },
      { code128: 'SKU/2024 #7', qr: 'SKU/2024 #7' },
      // Code 128 cannot carry Chinese: the label has the QR code only, which carries it exactly
      { code128: null, qr: '货号-α' },
    ]);
  });

  it('prints shelf labels for a label printer, one 60 × 40 mm label per page, in English', async () => {
    const ids = w.shelves.map((s: Row) => s.id);
    const res = await download(t, `/admin/wms.Shelf/labels?ids=${ids.join(',')}&format=pdf&layout=roll`, session.token, 'en');
    const pdf = await readPdf(res.body, { render: RENDER * 2 });
    expect(pdf.info.Title).toBe('Shelf labels');
    expect(pdf.pages).toHaveLength(2);
    expect(pdf.pages.map((p) => [Math.round((p.width / 72) * 25.4), Math.round((p.height / 72) * 25.4)])).toEqual([
      [60, 40],
      [60, 40],
    ]);
    for (const [i, shelf] of w.shelves.entries()) {
      expect(compact(pdf.pages[i].text)).toContain(compact(`${shelf.name} 上海仓 / A区 ${shelf.serial_no}`));
      expect(await decodePage(pdf.pages[i].png!, 'roll', 1, RENDER * 2)).toEqual([{ code128: shelf.serial_no, qr: shelf.serial_no }]);
    }
  });

  it('answers one PNG label for one id, and a ZIP of PNG labels for several, each decoding to its value', async () => {
    const [width, height] = LABEL_SHEETS.roll.label;
    const parts = labelParts(width, height);
    const scale = PNG_DPI / 72;
    const decodeLabel = async (png: Buffer) => {
      const meta = await sharp(png).metadata();
      expect([meta.width, meta.height]).toEqual([709, 472]);
      const symbol = (kind: Symbology, part: Row) => decodeBarcode(png, kind, region({ x: 0, y: 0, width, height }, part as any, scale));
      return { code128: await symbol('code128', parts.barcode).catch(() => null), qr: await symbol('qrcode', parts.qr) };
    };
    const one = await download(t, `/admin/wms.Product/labels?ids[]=${w.products[0].id}&format=png`, session.token);
    expect(one.type).toBe('image/png');
    expect(await decodeLabel(one.body)).toEqual({ code128: '6901234567892', qr: '6901234567892' });

    const several = await download(t, `/admin/wms.Product/labels?${w.products.map((p: Row) => `ids[]=${p.id}`).join('&')}&format=png`, session.token);
    expect(several.type).toBe('application/zip');
    const zip = await JSZip.loadAsync(several.body);
    const names = Object.keys(zip.files).sort();
    expect(names).toEqual(['6901234567892.png', 'SKU_2024_7.png', '货号-α.png'].sort());
    expect(await decodeLabel(await zip.file('SKU_2024_7.png')!.async('nodebuffer'))).toEqual({ code128: 'SKU/2024 #7', qr: 'SKU/2024 #7' });
    expect(await decodeLabel(await zip.file('货号-α.png')!.async('nodebuffer'))).toEqual({ code128: null, qr: '货号-α' });
  });

  it('streams a thousand labels page by page, reading the rows in batches (statements grow by one per hundred rows)', async () => {
    const now = unixNow();
    const rows = Array.from({ length: 1000 }, (_, i) => `('N${String(i).padStart(4, '0')}', 'Bulk ${i}', 'bulk', ${now}, ${now})`);
    for (let i = 0; i < rows.length; i += 250) await t.dataSource.query(`INSERT INTO product (product_no, name, spec, createtime, updatetime) VALUES ${rows.slice(i, i + 250).join(',')}`);
    const ids: number[] = (await t.dataSource.query("SELECT id FROM product WHERE spec = 'bulk' ORDER BY id")).map((r: Row) => Number(r.id));
    expect(ids).toHaveLength(1000);
    const url = (list: number[]) => `/admin/wms.Product/labels?${list.map((id) => `ids[]=${id}`).join('&')}`;
    const small = await QueryCounter.measure(() => download(t, url(ids.slice(0, 100)), session.token));
    const large = await QueryCounter.measure(() => download(t, url(ids), session.token));
    expect(large.result.type).toBe('application/pdf');
    expect(large.result.headers['transfer-encoding']).toBe('chunked');
    expect(large.queries - small.queries).toBe(9);
    const pdf = await readPdf(large.result.body);
    expect(pdf.pages).toHaveLength(Math.ceil(1000 / 24));
    // in the order chosen, 24 to a page
    expect(pdf.pages[0].text).toContain('N0000');
    expect(pdf.pages[41].text).toContain('N0999');
    expect(compact(pdf.pages[20].text)).toContain(compact(`Bulk ${20 * 24}`));
    // a thousand barcodes drawn on a loaded machine: more than the default minute of a spec
  }, 240_000);

  it('renders on threads below the event loop: the render workers run at a lower CPU priority, the app\'s own thread keeps its', async () => {
    // the nice level of each thread of this process (the app runs in it), from /proc (Linux, as every machine here)
    const niceOf = (tid: string) => Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ')[16]);
    const mainNice = niceOf(String(process.pid));
    const res = await download(t, `/admin/wms.Product/labels?ids[]=${w.products[0].id}`, session.token);
    expect(res.type).toBe('application/pdf');
    const lowered = readdirSync('/proc/self/task').filter((tid) => niceOf(tid) === Math.max(BACKGROUND_NICE, mainNice) && tid !== String(process.pid));
    expect(lowered.length).toBeGreaterThanOrEqual(1);
    expect(niceOf(String(process.pid))).toBe(mainNice);
  });

  it('refuses what it cannot print, translated, before anything is written', async () => {
    const id = w.products[0].id;
    await c.raw.del(`/admin/wms.Product/del?ids[]=${w.products[2].id}`);
    const cases: Array<[string, string]> = [
      [`/admin/wms.Product/labels?ids[]=${id}&format=gif`, 'Labels come as pdf or png'],
      [`/admin/wms.Product/labels?ids[]=${id}&layout=letter`, 'The label layout is a4 (A4 label sheets) or roll (a 60 × 40 mm label printer)'],
      ['/admin/wms.Product/labels', 'Choose the records to print labels for'],
      ['/admin/wms.Product/labels?ids[]=abc', 'Parameter error'],
      [`/admin/wms.Product/labels?ids[]=${w.products[2].id}&ids[]=999999`, 'The chosen records do not exist or were deleted'],
      [`/admin/wms.Product/labels?ids=${Array.from({ length: 1001 }, (_, i) => i + 1).join(',')}`, 'At most 1000 labels at a time: print them in batches'],
    ];
    for (const [url, msg] of cases) {
      const res = await download(t, url, session.token);
      expect({ url, json: res.json }).toMatchObject({ url, json: { code: 0, msg } });
    }
    const zh = await download(t, `/admin/wms.Shelf/labels?ids=${Array.from({ length: 1001 }, (_, i) => i + 1).join(',')}`, session.token, 'zh-cn');
    expect(zh.json).toMatchObject({ code: 0, msg: '一次最多打印 1000 个标签，请分批打印' });
  });

  it('needs the labels node of the list', async () => {
    await createAdmin(t, 'viewer', ['wms/product', 'wms/product/index']);
    const viewer = await login(t, 'viewer');
    expect((await download(t, `/admin/wms.Product/labels?ids[]=${w.products[0].id}`, viewer.token)).json).toMatchObject({ code: 401 });
    await createAdmin(t, 'labeller', ['wms/product', 'wms/product/index', 'wms/product/labels']);
    const labeller = await login(t, 'labeller');
    expect((await download(t, `/admin/wms.Product/labels?ids[]=${w.products[0].id}`, labeller.token)).type).toBe('application/pdf');
    expect((await download(t, `/admin/wms.Shelf/labels?ids[]=${w.shelves[0].id}`, labeller.token)).json).toMatchObject({ code: 401 });
    expect((await download(t, `/admin/wms.Shelf/labels?ids[]=${w.shelves[0].id}`, null)).json).toMatchObject({ code: 302 });
  });
});
