import { once } from 'node:events';
import { Response } from 'express';
import PDFDocument from 'pdfkit';
import { fontData } from './fonts';

export type Pdf = PDFKit.PDFDocument;

export const REGULAR = 'regular';
export const BOLD = 'bold';

/** Millimetres to PDF points. */
export const mm = (value: number): number => (value * 72) / 25.4;

export interface PdfOptions {
  /** The document's title: viewers show it in the window or tab (the order number is in it). */
  title: string;
  /** `A4` or [width, height] in points. */
  size: 'A4' | [number, number];
  margin: number;
  /** Keeps every page until the end, so page numbers can say "of N" (orders); false streams page by page (labels). */
  bufferPages: boolean;
  /** BCP 47 language of the text (`zh-CN`, `en`), for screen readers and text extraction. */
  lang: string;
}

/** A PDF with the CJK font registered as `regular` and `bold`, and the regular one selected. */
export function createPdf(options: PdfOptions): Pdf {
  const doc = new PDFDocument({
    size: options.size,
    margin: options.margin,
    bufferPages: options.bufferPages,
    autoFirstPage: false,
    displayTitle: true,
    lang: options.lang,
    info: { Title: options.title, Creator: 'WMS', Producer: 'WMS' },
  });
  const fonts = fontData();
  doc.registerFont(REGULAR, fonts.regular);
  doc.registerFont(BOLD, fonts.bold);
  doc.font(REGULAR);
  return doc;
}

/**
 * Starts the answer of a PDF shown in the browser (inline, named `filename`), and pipes the document into it.
 * Call before the first page is written.
 */
export function pipePdf(doc: Pdf, response: Response, filename: string): void {
  response.status(200);
  response.setHeader('Content-Type', 'application/pdf');
  response.setHeader('Content-Disposition', `inline; filename="${filename.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`);
  response.setHeader('Cache-Control', 'no-store');
  response.setHeader('X-Content-Type-Options', 'nosniff');
  doc.pipe(response);
}

/** Bytes a streamed PDF may hold back before it waits for the client to read. */
const HIGH_WATER = 1 << 20;

/**
 * Waits until the client has taken what the document produced so far. pdfkit writes each finished page into
 * its stream at once, whatever the client's pace; waiting here between pages bounds the memory a long
 * document needs. Answers false when the client went away (stop producing pages then).
 */
export async function drained(doc: Pdf, response: Response): Promise<boolean> {
  while (!response.destroyed && (doc.readableLength > HIGH_WATER || response.writableNeedDrain)) {
    if (response.writableNeedDrain) await firstOf(response, ['drain', 'close']);
    else await new Promise((resolve) => setImmediate(resolve)); // the pipe moves the backlog on the next turns
  }
  return !response.destroyed;
}

/** Resolves at the first of the events, leaving no listener behind. */
function firstOf(emitter: Response, events: string[]): Promise<void> {
  const controller = new AbortController();
  return Promise.race(events.map((event) => once(emitter, event, { signal: controller.signal }).catch(() => undefined))).then(() => controller.abort());
}

/** Ends the document and waits until the answer has been handed to the socket. */
export async function finish(doc: Pdf, response: Response): Promise<void> {
  const done = firstOf(response, ['finish', 'close']);
  doc.end();
  await done;
}
