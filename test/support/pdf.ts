import { execFile } from 'node:child_process';
import { join } from 'node:path';

export interface PdfPage {
  /** The page's text in reading order (items joined by spaces or line ends). */
  text: string;
  /** Points. */
  width: number;
  height: number;
  /** The page rendered as PNG, when asked for. */
  png?: Buffer;
}

export interface ReadPdf {
  info: Record<string, unknown>;
  pages: PdfPage[];
  /** Every page's text, joined. */
  text: string;
}

/** Extracts a PDF's text (and renders its pages at `render` × 72 dpi when asked) with PDF.js. */
export function readPdf(pdf: Buffer, options: { render?: number } = {}): Promise<ReadPdf> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, [join(__dirname, 'pdf-read.mjs'), JSON.stringify(options)], { maxBuffer: 512 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`PDF.js could not read the PDF: ${stderr || error.message}`));
      const parsed = JSON.parse(stdout) as { info: Record<string, unknown>; pages: Array<PdfPage & { png?: string }> };
      const pages = parsed.pages.map((page) => ({ ...page, png: page.png ? Buffer.from(page.png, 'base64') : undefined }));
      resolve({ info: parsed.info, pages, text: pages.map((page) => page.text).join('\n') });
    });
    child.stdin!.end(pdf);
  });
}

/** Text with runs of white space made single spaces (PDF.js splits lines and items as the layout has them). */
export function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Text without any white space: a table cell wraps where its width ends ("货架S2" may come out as "货架 S2"),
 * so specs compare texts compacted on both sides.
 */
export function compact(text: string): string {
  return text.replace(/\s+/g, '');
}
