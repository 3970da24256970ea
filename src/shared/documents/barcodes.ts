import type BwipJs from 'bwip-js';
import { onFirstUse } from '../on-first-use';
import { Pdf } from './pdf';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded with the first barcode
const bwipjs = onFirstUse(() => require('bwip-js') as typeof import('bwip-js'));

/*
 * Barcodes are encoded by bwip-js (Barcode Writer in Pure PostScript); this file only decides where they go.
 * In PDFs they are vector rectangles, so a label printer prints sharp bars at its own resolution; PNG labels
 * use bwip-js's own PNG renderer.
 */

/** `gs1-128`: a Code 128 that starts with FNC1 and carries GS1 element strings, given as `(00)…`. */
export type Symbology = 'code128' | 'gs1-128' | 'qrcode';

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
export const QUIET_ZONE = { code128: 10, 'gs1-128': 10, qrcode: 4 } as const;

/** Where a symbol's dark modules lie inside its box (points) and how wide one module is. */
export interface SymbolPlacement extends Box {
  module: number;
}

type Encoded = { sbs: number[] } | { pixs: number[]; pixx: number; pixy: number };

function encode(symbology: Symbology, value: string): Encoded {
  const [symbol] = bwipjs().raw({ bcid: symbology, text: value, ...(symbology === 'qrcode' ? { eclevel: 'M' } : {}) } as BwipJs.RawOptions);
  return symbol as Encoded;
}

/**
 * The symbol's place in `box`, its quiet zones inside the box: a Code 128 stretches to the box's width less 10
 * modules each side (and to its height); a QR code keeps its square, centred, at least 4 modules from each
 * edge. Whatever is drawn outside the box is then at least the quiet zone away from the symbol.
 */
export function symbolPlacement(symbology: Symbology, encoded: Encoded, box: Box): SymbolPlacement {
  if ('sbs' in encoded) {
    const modules = encoded.sbs.reduce((sum, width) => sum + width, 0);
    const module = box.width / (modules + 2 * QUIET_ZONE.code128);
    return { x: box.x + QUIET_ZONE.code128 * module, y: box.y, width: modules * module, height: box.height, module };
  }
  const module = Math.min(box.width / (encoded.pixx + 2 * QUIET_ZONE.qrcode), box.height / (encoded.pixy + 2 * QUIET_ZONE.qrcode));
  return { x: box.x + (box.width - encoded.pixx * module) / 2, y: box.y + (box.height - encoded.pixy * module) / 2, width: encoded.pixx * module, height: encoded.pixy * module, module };
}

/** Where the symbol of `value` would lie in `box` (what `drawBarcode` draws there). */
export function placeBarcode(symbology: Symbology, value: string, box: Box): SymbolPlacement {
  return symbolPlacement(symbology, encode(symbology, value), box);
}

/**
 * Draws the symbol of `value` into `box` (points) as filled rectangles, from the bars or modules bwip-js
 * encodes, where `symbolPlacement` puts them. (bwip-js's own renderer costs more than the encoding itself; a
 * sheet of labels draws thousands.)
 */
export function drawBarcode(doc: Pdf, symbology: Symbology, value: string, box: Box): void {
  const symbol = encode(symbology, value);
  const at = symbolPlacement(symbology, symbol, box);
  if ('sbs' in symbol) drawLinear(doc, symbol.sbs, at);
  else drawMatrix(doc, symbol, at);
  doc.fill('#000000');
}

/** Bars and spaces alternate in `widths` (in modules), a bar first. */
function drawLinear(doc: Pdf, widths: number[], at: SymbolPlacement): void {
  let x = at.x;
  widths.forEach((width, i) => {
    if (i % 2 === 0) doc.rect(x, at.y, width * at.module, at.height);
    x += width * at.module;
  });
}

/** `pixs` holds the modules row by row, 1 for dark; each row's dark runs become one rectangle. */
function drawMatrix(doc: Pdf, symbol: { pixs: number[]; pixx: number; pixy: number }, at: SymbolPlacement): void {
  const unit = at.module;
  for (let row = 0; row < symbol.pixy; row++) {
    for (let column = 0; column < symbol.pixx; ) {
      if (!symbol.pixs[row * symbol.pixx + column]) {
        column++;
        continue;
      }
      const start = column;
      while (column < symbol.pixx && symbol.pixs[row * symbol.pixx + column]) column++;
      // a hair taller than the row, so the anti-aliased edges of neighbouring rows leave no seam
      doc.rect(at.x + start * unit, at.y + row * unit, (column - start) * unit, unit + 0.01);
    }
  }
}

/** The symbol as a PNG of whole pixels per module (crisp at any size a printer scales it to). */
export function barcodePng(symbology: Symbology, value: string, options: { scale: number; height?: number }): Promise<Buffer> {
  return bwipjs().toBuffer({
    bcid: symbology,
    text: value,
    scale: options.scale,
    ...(symbology === 'qrcode' ? { eclevel: 'M' } : { height: options.height ?? 12 }),
    paddingwidth: QUIET_ZONE[symbology],
    paddingheight: symbology === 'qrcode' ? QUIET_ZONE.qrcode : 0,
    backgroundcolor: 'FFFFFF',
  } as BwipJs.RenderOptions);
}
