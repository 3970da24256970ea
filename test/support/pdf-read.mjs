/*
 * Reads a PDF for the specs with Mozilla's PDF.js (an ES module, hence a child process: jest runs CommonJS).
 * Input: the PDF on stdin; argv[2] a JSON of options { render: scale | 0 }.
 * Output (stdout, JSON): { info, pages: [{ text, width, height, png? (base64 of the page rendered at `render`
 * times 72 dpi, when asked) }] }.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const options = JSON.parse(process.argv[2] ?? '{}');
const pdf = await getDocument({ data: new Uint8Array(Buffer.concat(chunks)), verbosity: 0 }).promise;
const { info } = await pdf.getMetadata();
const pages = [];
for (let n = 1; n <= pdf.numPages; n++) {
  const page = await pdf.getPage(n);
  const content = await page.getTextContent();
  const text = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join('');
  const viewport = page.getViewport({ scale: 1 });
  const entry = { text, width: viewport.width, height: viewport.height };
  if (options.render) {
    const { createCanvas } = await import('@napi-rs/canvas');
    const scaled = page.getViewport({ scale: options.render });
    const canvas = createCanvas(Math.ceil(scaled.width), Math.ceil(scaled.height));
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvasContext: context, viewport: scaled, canvas }).promise;
    entry.png = canvas.toBuffer('image/png').toString('base64');
  }
  pages.push(entry);
  page.cleanup();
}
process.stdout.write(JSON.stringify({ info, pages }));
