import bwipjs from 'bwip-js';
import { Pdf } from './pdf';

/*
 * Barcodes are encoded by bwip-js (Barcode Writer in Pure PostScript); this file only decides where they go.
 * In PDFs they are vector rectangles, so a label printer prints sharp bars at its own resolution; PNG labels
 * use bwip-js's own PNG renderer.
 */

export type Symbology = 'code128' | 'qrcode';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Code 128 carries printable ASCII only: a value with other characters (Chinese, accents) would decode to
 * something else, so such a value gets only the QR code, which carries UTF-8.
 */
export function code128Encodable(value: string): boolean {
  return /^[\x20-\x7e]{1,80}$/.test(value);
}

/** Quiet zones (in modules) the scanners need around the symbols: ISO/IEC 15417 and 18004. */
const QUIET = { code128: 10, qrcode: 4 } as const;

/**
 * Draws the symbol of `value` into `box` (points) as filled rectangles, from the bars or modules bwip-js
 * encodes: Code 128 stretches to the box with its quiet zones inside it; a QR code keeps its square and is
 * centred. (bwip-js's own renderer costs more than the encoding itself; a sheet of labels draws thousands.)
 */
export function drawBarcode(doc: Pdf, symbology: Symbology, value: string, box: Box): void {
  const [symbol] = bwipjs.raw({ bcid: symbology, text: value, ...(symbology === 'qrcode' ? { eclevel: 'M' } : {}) } as bwipjs.RawOptions);
  if ('sbs' in symbol) drawLinear(doc, symbol.sbs, box);
  else drawMatrix(doc, symbol, box);
  doc.fill('#000000');
}

/** Bars and spaces alternate in `widths` (in modules), a bar first. */
function drawLinear(doc: Pdf, widths: number[], box: Box): void {
  const modules = widths.reduce((sum, width) => sum + width, 0);
  const unit = box.width / (modules + 2 * QUIET.code128);
  let x = box.x + QUIET.code128 * unit;
  widths.forEach((width, i) => {
    if (i % 2 === 0) doc.rect(x, box.y, width * unit, box.height);
    x += width * unit;
  });
}

/** `pixs` holds the modules row by row, 1 for dark; each row's dark runs become one rectangle. */
function drawMatrix(doc: Pdf, symbol: { pixs: number[]; pixx: number; pixy: number }, box: Box): void {
  const unit = Math.min(box.width / (symbol.pixx + 2 * QUIET.qrcode), box.height / (symbol.pixy + 2 * QUIET.qrcode));
  const left = box.x + (box.width - symbol.pixx * unit) / 2;
  const top = box.y + (box.height - symbol.pixy * unit) / 2;
  for (let row = 0; row < symbol.pixy; row++) {
    for (let column = 0; column < symbol.pixx; ) {
      if (!symbol.pixs[row * symbol.pixx + column]) {
        column++;
        continue;
      }
      const start = column;
      while (column < symbol.pixx && symbol.pixs[row * symbol.pixx + column]) column++;
      // a hair taller than the row, so the anti-aliased edges of neighbouring rows leave no seam
      doc.rect(left + start * unit, top + row * unit, (column - start) * unit, unit + 0.01);
    }
  }
}

/** The symbol as a PNG of whole pixels per module (crisp at any size a printer scales it to). */
export function barcodePng(symbology: Symbology, value: string, options: { scale: number; height?: number }): Promise<Buffer> {
  return bwipjs.toBuffer({
    bcid: symbology,
    text: value,
    scale: options.scale,
    ...(symbology === 'code128' ? { height: options.height ?? 12 } : { eclevel: 'M' }),
    paddingwidth: QUIET[symbology],
    paddingheight: symbology === 'qrcode' ? QUIET.qrcode : 0,
    backgroundcolor: 'FFFFFF',
  } as bwipjs.RenderOptions);
}
