import JSZip from 'jszip';
import sharp from 'sharp';
import { labelBox } from '../../src/shared/documents/labels';
import { mm } from '../../src/shared/documents/pdf';
import { TestApp } from '../setup/create-test-app';
import { Session } from '../support/api';
import { FoundSymbol, rasterisePdf, zbarSymbols, zbarSymbolsOf } from '../support/barcodes';
import { download } from '../support/download';
import { Client } from '../support/warehouse';
import { adminSpec } from '../support/admin-spec';

type Row = Record<string, any>;

/** What office lasers print A4 label sheets at: hard edges at 300 and 600 dpi, and anti-aliased at 300. */
const RENDERINGS: Array<{ dpi: number; antialias: boolean }> = [
  { dpi: 300, antialias: false },
  { dpi: 300, antialias: true },
  { dpi: 600, antialias: false },
];
/** How far past its label a scanner aimed at one label sees: well into every neighbour. */
const VIEW_MARGIN = mm(10);

/**
 * A full A4 sheet of shelf labels (24: 3 × 8 labels of 70 × 37 mm side by side, no gap) rendered as a PDF,
 * rasterised by poppler (with and without anti-aliasing) and read by zbar the way a scanner aimed at each label
 * sees it: the label and 10 mm of every neighbour around it. zbar reads a symbol only when its quiet zone is
 * clear (Code 128 at least 10 modules each side, QR at least 4), so every label's Code 128 and QR code must
 * come back as its shelf's code — long codes and short ones — and nothing zbar finds may be anything but a
 * shelf's code. (zbar over the whole page at once misses some QR codes whatever the layout: on a synthetic
 * page of 24 pixel-perfect QR codes, 16 to 24 decode depending on where they sit, so the page as a whole is
 * only checked for misreads.) The PNG labels decode the same way, one image each.
 */
describe('an A4 sheet of shelf labels decodes with zbar: every Code 128 and QR code is its shelf’s code', () => {
  let t: TestApp;
  let c: Client;
  let session: Session;
  let shelves: Row[];

  adminSpec({ reset: 'once', ready: (fixture) => ({ t, session, c } = fixture) });
  beforeAll(async () => {
    const warehouse = await c.add('Warehouse', { name: 'Main', serial_no: 'WH1' });
    const area = await c.add('WarehouseArea', { warehouse_id: warehouse.id, name: 'Area A', serial_no: 'A' });
    // codes of every length a warehouse uses, from two characters to a long location path
    const codes = Array.from({ length: 24 }, (_, i) => (i % 3 === 0 ? `S${i + 1}` : i % 3 === 1 ? `A-${String(i + 1).padStart(2, '0')}-03-B` : `WH1/AREA-A/RACK-${String(i + 1).padStart(3, '0')}/L2`));
    shelves = [];
    for (const [i, serial] of codes.entries()) shelves.push(await c.add('Shelf', { warehouse_id: warehouse.id, warehouse_area_id: area.id, name: `Shelf ${i + 1}`, serial_no: serial }));
  }, 120000);

  const ids = () => shelves.map((s) => `ids[]=${s.id}`).join('&');
  /** The values found per symbology, sorted. */
  const found = (symbols: FoundSymbol[], type: string) => symbols.filter((s) => s.type === type).map((s) => s.value).sort();
  const expected = () => shelves.map((s) => s.serial_no as string).sort();

  it('as a PDF: one page whose every label’s Code 128 and QR code decode to its shelf’s code, at 300 and 600 dpi', async () => {
    const res = await download(t, `/admin/wms.Shelf/labels?${ids()}&format=pdf&layout=a4`, session.token, 'en');
    expect(res.type).toBe('application/pdf');
    const values = new Set(expected());
    for (const { dpi, antialias } of RENDERINGS) {
      const pages = await rasterisePdf(res.body, dpi, antialias);
      expect(pages).toHaveLength(1);
      // decoded once: each label's view is cut from the raw pixels
      const { data, info } = await sharp(pages[0]).greyscale().raw().toBuffer({ resolveWithObject: true });
      const { width, height } = info;
      const px = (points: number) => Math.round((points / 72) * dpi);
      const views = shelves.map((_, i) => {
        const box = labelBox('a4', i);
        const left = Math.max(0, px(box.x - VIEW_MARGIN));
        const top = Math.max(0, px(box.y - VIEW_MARGIN));
        return { left, top, width: Math.min(width, px(box.x + box.width + VIEW_MARGIN)) - left, height: Math.min(height, px(box.y + box.height + VIEW_MARGIN)) - top };
      });
      const seen = await zbarSymbolsOf(await Promise.all(views.map((view) => sharp(data, { raw: { width, height, channels: 1 } }).extract(view).png({ compressionLevel: 1 }).toBuffer())));
      const unread: string[] = [];
      for (const [i, shelf] of shelves.entries()) {
        for (const type of ['CODE-128', 'QR-Code']) if (!found(seen[i], type).includes(shelf.serial_no)) unread.push(`${type} of label ${i + 1} (${shelf.serial_no})`);
        // what else it sees is a neighbour's code, never a misread
        expect(seen[i].filter((s) => !values.has(s.value))).toEqual([]);
      }
      expect({ dpi, antialias, unread }).toEqual({ dpi, antialias, unread: [] });
      if (dpi === 300 && !antialias) expect((await zbarSymbols(pages[0])).filter((s) => !values.has(s.value))).toEqual([]);
    }
  }, 240000);

  it('as PNG labels (a ZIP of 300 dpi images): each image’s Code 128 and QR code decode to its shelf’s code', async () => {
    const res = await download(t, `/admin/wms.Shelf/labels?${ids()}&format=png`, session.token, 'en');
    expect(res.type).toBe('application/zip');
    const zip = await JSZip.loadAsync(res.body);
    const names = Object.keys(zip.files);
    expect(names).toHaveLength(24);
    const seen = await zbarSymbolsOf(await Promise.all(names.map((name) => zip.files[name].async('nodebuffer'))));
    const decoded = seen.map((symbols) => ({ code128: found(symbols, 'CODE-128'), qr: found(symbols, 'QR-Code') }));
    expect(decoded.map((d) => d.code128).flat().sort()).toEqual(expected());
    expect(decoded.map((d) => d.qr).flat().sort()).toEqual(expected());
    expect(decoded.every((d) => d.code128.length === 1 && d.qr.length === 1 && d.code128[0] === d.qr[0])).toBe(true);
  }, 120000);
});
