import { onFirstUse } from '../on-first-use';
import type { OverlayOptions } from 'sharp';
import { barcodePng, Box, code128Encodable, drawBarcode } from './barcodes';
import { FONT_FAMILY, FONT_FILES } from './fonts';
import { BOLD, mm, Pdf, REGULAR } from './pdf';
import { A4 } from './printed-document';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded with the first image
const sharp = onFirstUse(() => require('sharp') as (typeof import('sharp'))['default']);

/*
 * Barcode labels of products and shelves: the name, a line or two about the item, a Code 128 of the value
 * with the value in clear below it, and a QR code of the same value. As a PDF, either A4 sheets of 24 labels
 * (3 × 8 of 70 × 37 mm, the common self-adhesive sheet) or one 60 × 40 mm label per page for a label printer,
 * streamed page by page; as PNG, one 60 × 40 mm label at 300 dpi (a ZIP of them for several).
 */

export interface LabelContent {
  /** What the barcodes carry: exactly this text. */
  value: string;
  title: string;
  /** Smaller lines under the title (codes, specification, location). */
  lines: string[];
  /**
   * The linear symbol: Code 128 (default), or GS1-128 for a GS1 element string in parentheses (`(00)…` of a
   * carton's SSCC), printed in clear as given.
   */
  linear?: 'code128' | 'gs1-128';
}

export type LabelLayout = 'a4' | 'roll';

interface Sheet {
  page: [number, number];
  columns: number;
  rows: number;
  label: [number, number];
  /** Top-left corner of the first label. */
  origin: [number, number];
}

export const LABEL_SHEETS: Record<LabelLayout, Sheet> = {
  a4: { page: A4, columns: 3, rows: 8, label: [mm(70), mm(37)], origin: [(A4[0] - 3 * mm(70)) / 2, (A4[1] - 8 * mm(37)) / 2] },
  roll: { page: [mm(60), mm(40)], columns: 1, rows: 1, label: [mm(60), mm(40)], origin: [0, 0] },
};

/** Where the label `index` of a page lies (points, top-left origin), row by row. */
export function labelBox(layout: LabelLayout, index: number): Box {
  const sheet = LABEL_SHEETS[layout];
  const column = index % sheet.columns;
  const row = Math.floor(index / sheet.columns) % sheet.rows;
  return { x: sheet.origin[0] + column * sheet.label[0], y: sheet.origin[1] + row * sheet.label[1], width: sheet.label[0], height: sheet.label[1] };
}

/** The parts of a label, in points relative to the label's box: the same geometry for PDF and PNG. */
export function labelParts(width: number, height: number) {
  const pad = Math.min(mm(3), height * 0.08);
  const barcodeHeight = height * 0.27;
  const valueHeight = height * 0.1;
  const top = height - 2 * pad - barcodeHeight - valueHeight - mm(1);
  const qr = Math.min(top, width * 0.3);
  return {
    pad,
    qr: { x: width - pad - qr, y: pad, width: qr, height: qr },
    text: { x: pad, y: pad, width: width - 3 * pad - qr, height: top },
    barcode: { x: pad, y: pad + top + mm(1), width: width - 2 * pad, height: barcodeHeight },
    value: { x: pad, y: pad + top + mm(1) + barcodeHeight, width: width - 2 * pad, height: valueHeight },
  };
}

export function drawLabel(doc: Pdf, label: LabelContent, box: Box, qrOnly: string): void {
  const parts = labelParts(box.width, box.height);
  const at = (part: Box): Box => ({ x: box.x + part.x, y: box.y + part.y, width: part.width, height: part.height });
  const text = at(parts.text);
  const titleSize = Math.max(7, Math.min(10, box.height / 11));
  doc.font(BOLD).fontSize(titleSize).fillColor('black').text(label.title, text.x, text.y, { width: text.width, height: titleSize * 2.6, ellipsis: true });
  const lineSize = titleSize * 0.78;
  let y = Math.max(doc.y, text.y + titleSize * 1.3) + 1;
  for (const line of label.lines.filter(Boolean)) {
    if (y + lineSize * 1.3 > text.y + text.height) break;
    doc.font(REGULAR).fontSize(lineSize).fillColor('#444444').text(line, text.x, y, { width: text.width, lineBreak: false, ellipsis: true });
    y += lineSize * 1.35;
  }
  drawBarcode(doc, 'qrcode', label.value, at(parts.qr));
  const value = at(parts.value);
  if (code128Encodable(label.value)) {
    drawBarcode(doc, label.linear ?? 'code128', label.value, at(parts.barcode));
    doc.font(BOLD).fontSize(Math.min(value.height * 0.85, 9)).fillColor('black').text(label.value, value.x, value.y, { width: value.width, align: 'center', lineBreak: false, ellipsis: true });
  } else {
    const barcode = at(parts.barcode);
    doc.font(BOLD).fontSize(Math.min(barcode.height * 0.4, 11)).fillColor('black').text(label.value, barcode.x, barcode.y + barcode.height * 0.25, { width: barcode.width, align: 'center', lineBreak: false, ellipsis: true });
    doc.font(REGULAR).fontSize(Math.min(value.height * 0.8, 7)).fillColor('#666666').text(qrOnly, value.x, value.y, { width: value.width, align: 'center', lineBreak: false, ellipsis: true });
  }
}

/** One label as a PNG: 60 × 40 mm at 300 dpi. */
export const PNG_DPI = 300;

export async function labelPng(label: LabelContent, qrOnly: string): Promise<Buffer> {
  const px = (points: number) => Math.round((points / 72) * PNG_DPI);
  const [width, height] = LABEL_SHEETS.roll.label;
  const parts = labelParts(width, height);
  const box = (part: Box) => ({ left: px(part.x), top: px(part.y), width: px(part.width), height: px(part.height) });
  const layers: OverlayOptions[] = [];
  const text = box(parts.text);
  const markup = `<span size="${9 * 1024}">${escapeMarkup(label.title)}</span>\n<span size="${7 * 1024}" foreground="#444444">${label.lines.filter(Boolean).map(escapeMarkup).join('\n')}</span>`;
  layers.push({ input: await textImage(markup, text.width, text.height), left: text.left, top: text.top });
  const qr = box(parts.qr);
  layers.push({ input: await fitted(await barcodePng('qrcode', label.value, { scale: 1 }), qr.width, qr.height, true), left: qr.left, top: qr.top });
  const barcode = box(parts.barcode);
  const value = box(parts.value);
  if (code128Encodable(label.value)) {
    layers.push({ input: await fitted(await barcodePng(label.linear ?? 'code128', label.value, { scale: 1, height: 12 }), barcode.width, barcode.height, false), left: barcode.left, top: barcode.top });
    layers.push({ input: await textImage(`<span size="${8 * 1024}">${escapeMarkup(label.value)}</span>`, value.width, value.height + px(3), 'centre'), left: value.left, top: value.top + px(1.5) });
  } else {
    layers.push({ input: await textImage(`<span size="${11 * 1024}">${escapeMarkup(label.value)}</span>\n<span size="${7 * 1024}" foreground="#666666">${escapeMarkup(qrOnly)}</span>`, barcode.width, barcode.height + value.height, 'centre'), left: barcode.left, top: barcode.top });
  }
  return sharp()({ create: { width: px(width), height: px(height), channels: 3, background: '#ffffff' } })
    .composite(layers)
    .png({ compressionLevel: 9, palette: true })
    .withMetadata({ density: PNG_DPI })
    .toBuffer();
}

/**
 * A text block (pango markup) in the label font, black on transparent, as a PNG. Only the regular face is
 * given to pango (one font file per text), so the output is the same with or without system fonts.
 */
async function textImage(markup: string, width: number, height: number, align: 'left' | 'centre' = 'left'): Promise<Buffer> {
  const { data, info } = await sharp()({
    text: { text: `<span foreground="#000000">${markup}</span>`, font: FONT_FAMILY, fontfile: FONT_FILES.regular, width, dpi: PNG_DPI, rgba: true, wrap: 'word-char', align, justify: false },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  // pango trims the image to the text: place it in the box (centred when asked), cut at the box's height
  const cut = await sharp()(data).extract({ left: 0, top: 0, width: Math.min(width, info.width), height: Math.min(height, info.height) }).png().toBuffer();
  return sharp()({ create: { width, height, channels: 4, background: '#ffffff00' } })
    .composite([{ input: cut, left: align === 'centre' ? Math.max(0, Math.floor((width - Math.min(width, info.width)) / 2)) : 0, top: 0 }])
    .png()
    .toBuffer();
}

/**
 * Scales a barcode drawn at one pixel per module to the box with whole pixels per module (nearest neighbour,
 * so every bar keeps its exact width), centred; a Code 128 stretches to the box's height.
 */
async function fitted(png: Buffer, width: number, height: number, square: boolean): Promise<Buffer> {
  const meta = await sharp()(png).metadata();
  const factor = Math.floor(Math.min(width / meta.width!, square ? height / meta.height! : Infinity));
  // a value too long for whole pixels at 300 dpi still fits, with uneven bars (PDF labels have no such limit)
  const side = Math.min(width, height);
  const w = factor >= 1 ? meta.width! * factor : square ? side : width;
  const h = square ? (factor >= 1 ? meta.height! * factor : side) : height;
  const scaled = await sharp()(png).resize(w, h, { kernel: 'nearest', fit: 'fill' }).png().toBuffer();
  return sharp()({ create: { width, height, channels: 3, background: '#ffffff' } })
    .composite([{ input: scaled, left: Math.floor((width - w) / 2), top: Math.floor((height - h) / 2) }])
    .png()
    .toBuffer();
}

function escapeMarkup(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
