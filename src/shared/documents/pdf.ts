import { once } from 'node:events';
import { Response } from 'express';
import { onFirstUse } from '../on-first-use';
import { fontData } from './fonts';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded with the first PDF
const pdfkit = onFirstUse(() => require('pdfkit') as typeof import('pdfkit'));

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
  const doc = new (pdfkit())({
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

/** Starts the answer of a PDF shown in the browser (inline, named `filename`): status and headers. */
export function startPdfAnswer(response: Response, filename: string): void {
  response.status(200);
  response.setHeader('Content-Type', 'application/pdf');
  response.setHeader('Content-Disposition', `inline; filename="${filename.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`);
  response.setHeader('Cache-Control', 'no-store');
  response.setHeader('X-Content-Type-Options', 'nosniff');
}

/**
 * Writes bytes into the answer and waits until the client has taken them (or went away): a long document is
 * produced no faster than the client reads it, so its memory stays that of a batch. Answers false when the
 * client went away (stop producing then).
 */
export async function writeAnswer(response: Response, chunks: Buffer[]): Promise<boolean> {
  for (const chunk of chunks) {
    if (response.destroyed) return false;
    if (!response.write(chunk)) await firstOf(response, ['drain', 'close']);
  }
  return !response.destroyed;
}

/** Resolves at the first of the events, leaving no listener behind. */
function firstOf(emitter: Response, events: string[]): Promise<void> {
  const controller = new AbortController();
  return Promise.race(events.map((event) => once(emitter, event, { signal: controller.signal }).catch(() => undefined))).then(() => controller.abort());
}

/** Ends the answer (with its `last` bytes) and waits until it has been handed to the socket (or the client went away). */
export async function endAnswer(response: Response, last?: Buffer): Promise<void> {
  if (response.destroyed) return;
  const done = firstOf(response, ['finish', 'close']);
  response.end(last);
  await done;
}
