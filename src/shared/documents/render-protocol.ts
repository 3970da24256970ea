import type { LabelContent, LabelLayout } from './labels';
import type { PrintedDocument } from './printed-document';

/*
 * What the app's threads and the render workers say to each other (render-pool.ts, render-worker.ts).
 * Everything travels by structured clone: plain data only, no functions.
 */

/** A printed document as data: "page n of N" is a template with PAGE_MARK and PAGES_MARK where the numbers go. */
export type PrintedDocumentData = Omit<PrintedDocument, 'pageLabel'> & { pageLabel: string };

export const PAGE_MARK = '\u0001page\u0001';
export const PAGES_MARK = '\u0001pages\u0001';

export interface LabelPdfSettings {
  title: string;
  lang: string;
  layout: LabelLayout;
  /** Printed where the Code 128 would be when the value cannot be one (non-ASCII): "QR code only". */
  qrOnly: string;
}

export type RenderRequest =
  /** Starts a streamed label PDF: pages follow as `labels` arrive. */
  | { type: 'label-pdf'; job: number; settings: LabelPdfSettings }
  /** The next labels of a streamed label PDF: answered with the bytes of the pages they finished, then `done`. */
  | { type: 'labels'; job: number; labels: LabelContent[] }
  /** Ends a streamed PDF: answered with its last bytes, then `done`. */
  | { type: 'end'; job: number }
  /** Forgets a job (the client went away). No answer. */
  | { type: 'abort'; job: number }
  /** One label as a PNG: answered with the image, then `done`. */
  | { type: 'label-png'; job: number; label: LabelContent; qrOnly: string }
  /** A whole A4 document (orders, count sheets): answered with its bytes, then `done`. */
  | { type: 'document-pdf'; job: number; model: PrintedDocumentData; lang: string };

export type RenderAnswer =
  | { type: 'data'; job: number; data: Uint8Array }
  | { type: 'done'; job: number }
  | { type: 'failed'; job: number; message: string };
