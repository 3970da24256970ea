import { once } from 'node:events';
import { parentPort } from 'node:worker_threads';
import { drawLabel, LABEL_SHEETS, labelBox, labelPng } from './labels';
import { createPdf, Pdf } from './pdf';
import { A4, DOCUMENT_MARGIN, renderDocument } from './printed-document';
import { LabelPdfSettings, PAGE_MARK, PAGES_MARK, RenderAnswer, RenderRequest } from './render-protocol';
import { lowerThisThreadPriority } from '../runtime/thread-priority';

/*
 * A render worker (a worker thread of render-pool.ts): draws label sheets, label images and A4 documents
 * with the same functions the app used to call on its own thread, so the output is the same, and answers
 * their bytes. Jobs of several requests interleave here message by message; each keeps its own document.
 */

interface StreamedPdf {
  doc: Pdf;
  settings: LabelPdfSettings;
  /** Labels drawn so far (where the next one goes, when the next page starts). */
  index: number;
  output: Buffer[];
}

const port = parentPort!;
// a 1,000-label PDF keeps a core busy for seconds: the requests of the event loop and the database come first
lowerThisThreadPriority();
const streams = new Map<number, StreamedPdf>();

function post(answer: RenderAnswer): void {
  port.postMessage(answer);
}

/** Sends what the document produced so far: pdfkit hands finished pages to its stream on the next turn. */
async function flush(job: number, output: Buffer[]): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  if (output.length) post({ type: 'data', job, data: Buffer.concat(output.splice(0)) });
}

function openLabelPdf(job: number, settings: LabelPdfSettings): void {
  const sheet = LABEL_SHEETS[settings.layout];
  const doc = createPdf({ title: settings.title, size: sheet.page, margin: 0, bufferPages: false, lang: settings.lang });
  const stream: StreamedPdf = { doc, settings, index: 0, output: [] };
  doc.on('data', (chunk: Buffer) => stream.output.push(chunk));
  streams.set(job, stream);
}

function drawLabels(stream: StreamedPdf, labels: Parameters<typeof drawLabel>[1][]): void {
  const sheet = LABEL_SHEETS[stream.settings.layout];
  const perPage = sheet.columns * sheet.rows;
  for (const label of labels) {
    if (stream.index % perPage === 0) stream.doc.addPage({ size: sheet.page, margin: 0 });
    drawLabel(stream.doc, label, labelBox(stream.settings.layout, stream.index), stream.settings.qrOnly);
    stream.index++;
  }
}

async function endPdf(doc: Pdf, job: number, output: Buffer[]): Promise<void> {
  const ended = once(doc, 'end');
  doc.end();
  await ended;
  await flush(job, output);
}

async function handle(request: RenderRequest): Promise<void> {
  const { job } = request;
  switch (request.type) {
    case 'label-pdf':
      openLabelPdf(job, request.settings);
      return post({ type: 'done', job });
    case 'labels': {
      const stream = streams.get(job);
      if (!stream) throw new Error(`no label PDF ${job}`);
      drawLabels(stream, request.labels);
      await flush(job, stream.output);
      return post({ type: 'done', job });
    }
    case 'end': {
      const stream = streams.get(job);
      if (!stream) throw new Error(`no label PDF ${job}`);
      streams.delete(job);
      await endPdf(stream.doc, job, stream.output);
      return post({ type: 'done', job });
    }
    case 'abort':
      streams.delete(job);
      return;
    case 'label-png': {
      const png = await labelPng(request.label, request.qrOnly);
      post({ type: 'data', job, data: png });
      return post({ type: 'done', job });
    }
    case 'document-pdf': {
      const { model, lang } = request;
      const template = model.pageLabel;
      const doc = createPdf({ title: `${model.title} ${model.number}`, size: A4, margin: DOCUMENT_MARGIN, bufferPages: true, lang });
      const output: Buffer[] = [];
      doc.on('data', (chunk: Buffer) => output.push(chunk));
      renderDocument(doc, { ...model, pageLabel: (page, pages) => template.split(PAGE_MARK).join(String(page)).split(PAGES_MARK).join(String(pages)) });
      await endPdf(doc, job, output);
      return post({ type: 'done', job });
    }
  }
}

port.on('message', (request: RenderRequest) => {
  handle(request).catch((error: Error) => {
    if (request.type !== 'abort') streams.delete(request.job);
    post({ type: 'failed', job: request.job, message: error?.stack ?? String(error) });
  });
});
