import bwipjs from 'bwip-js';
import { Pdf } from './pdf';

/*
 * Barcodes are encoded by bwip-js (Barcode Writer in Pure PostScript); this file only decides where they go.
 * In PDFs they are drawn as vector shapes through bwip-js's drawing interface, so a label printer prints sharp
 * bars at its own resolution; PNG labels use bwip-js's own PNG renderer.
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
 * Draws the symbol of `value` into `box` (points). Code 128 stretches to the box with its quiet zones
 * inside it; a QR code keeps its square and is centred.
 */
export function drawBarcode(doc: Pdf, symbology: Symbology, value: string, box: Box): void {
  bwipjs.render(
    { bcid: symbology, text: value, scale: 1, ...(symbology === 'code128' ? { height: 10 } : { eclevel: 'M' }), paddingwidth: QUIET[symbology], paddingheight: symbology === 'qrcode' ? QUIET.qrcode : 0 } as bwipjs.RenderOptions,
    pdfDrawing(doc, box, symbology === 'qrcode'),
  );
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

/** bwip-js's drawing interface onto a pdfkit page, mapping the symbol's pixel grid into `box`. */
function pdfDrawing(doc: Pdf, box: Box, square: boolean): bwipjs.DrawingContext<void> {
  let [sx, sy, ox, oy] = [1, 1, box.x, box.y];
  const at = (x: number, y: number): [number, number] => [ox + x * sx, oy + y * sy];
  return {
    setopts: () => undefined,
    scale: (x, y) => [x, y],
    measure: () => ({ width: 0, ascent: 0, descent: 0 }),
    init(width, height) {
      sx = box.width / width;
      sy = box.height / height;
      if (square) sx = sy = Math.min(sx, sy);
      ox = box.x + (box.width - width * sx) / 2;
      oy = box.y + (box.height - height * sy) / 2;
    },
    line(x0, y0, x1, y1, lineWidth, rgb) {
      doc.save().moveTo(...at(x0, y0)).lineTo(...at(x1, y1)).lineWidth(lineWidth * sx).stroke(`#${rgb}`).restore();
    },
    polygon(points) {
      points.forEach(([x, y], i) => (i ? doc.lineTo(...at(x, y)) : doc.moveTo(...at(x, y))));
      doc.closePath();
    },
    hexagon(points) {
      this.polygon(points);
    },
    ellipse(x, y, rx, ry) {
      doc.ellipse(...at(x, y), rx * sx, ry * sy);
    },
    fill(rgb) {
      doc.fill(`#${rgb}`);
    },
    // the human-readable text is set by the caller in the document's own font
    text: () => undefined,
    end: () => undefined,
  };
}
