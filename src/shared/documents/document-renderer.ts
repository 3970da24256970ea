import { Global, Injectable, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import archiver from 'archiver';
import { Response } from 'express';
import { currentActor } from '../http/request-context';
import type { LabelContent } from './labels';
import { endAnswer, startPdfAnswer, writeAnswer } from './pdf';
import { PrintAdmission } from './print-admission';
import type { PrintedDocument } from './printed-document';
import { LabelPdfSettings, PAGE_MARK, PAGES_MARK } from './render-protocol';
import { RenderChannel, RenderPool } from './render-pool';

/** Print jobs (a label PDF or ZIP, one label image, an order's document) running at once in one process. */
export const PRINT_JOBS_PER_PROCESS = 6;
/** …and at once for one admin: a third answers "busy" until one of the two has been sent. */
export const PRINT_JOBS_PER_ADMIN = 2;

/**
 * Every printed answer of the app — label sheets, label images, order documents and count sheets — is drawn
 * by the render workers (render-pool.ts), never on the event loop, and only so many at once: a job is
 * admitted before its answer starts, or refused with a translated "busy, try again" (code 0) when the process
 * or the admin already runs the most it may. A job holds its place until its answer is sent or the client
 * went away.
 */
@Injectable()
export class DocumentRenderer implements OnApplicationShutdown {
  private readonly pool = new RenderPool();
  private readonly admission = new PrintAdmission(PRINT_JOBS_PER_PROCESS, PRINT_JOBS_PER_ADMIN);
  private readonly logger = new Logger('Printing');
  private stopping = false;

  /**
   * Streams a label PDF: each batch is drawn by the worker while the next is read, and handed to the client
   * before the worker gets the one after, so a thousand labels need the memory of a batch.
   */
  async sendLabelPdf(response: Response, filename: string, settings: LabelPdfSettings, batches: AsyncIterable<LabelContent[]>): Promise<void> {
    await this.run(async (channel) => {
      await channel.step({ type: 'label-pdf', settings });
      startPdfAnswer(response, filename);
      for await (const labels of batches) {
        if (!labels.length) continue;
        if (!(await writeAnswer(response, await channel.step({ type: 'labels', labels })))) return;
      }
      if (await writeAnswer(response, await channel.step({ type: 'end' }))) await endAnswer(response);
    }, response);
  }

  /**
   * Answers labels as PNG: one label is the image itself; several are a ZIP of one image per label, written
   * entry by entry (the archive streams, so memory stays that of one label).
   */
  async sendLabelPngs(response: Response, basename: string, qrOnly: string, batches: AsyncIterable<LabelContent[]>, count: number): Promise<void> {
    await this.run(async (channel) => {
      const png = async (label: LabelContent) => Buffer.concat(await channel.step({ type: 'label-png', label, qrOnly }));
      response.setHeader('Cache-Control', 'no-store');
      response.setHeader('X-Content-Type-Options', 'nosniff');
      if (count === 1) {
        for await (const [label] of batches) {
          if (!label) continue;
          const image = await png(label);
          response.status(200);
          response.setHeader('Content-Type', 'image/png');
          response.setHeader('Content-Disposition', disposition('inline', `${fileSafe(label.value)}.png`));
          return endAnswer(response, image);
        }
      }
      response.status(200);
      response.setHeader('Content-Type', 'application/zip');
      response.setHeader('Content-Disposition', disposition('attachment', `${basename}.zip`));
      const zip = archiver('zip', { store: true }); // PNGs are compressed already
      zip.pipe(response);
      const names = new Set<string>();
      for await (const batch of batches) {
        for (const label of batch) {
          if (response.destroyed) break;
          let name = `${fileSafe(label.value)}.png`;
          for (let n = 2; names.has(name); n++) name = `${fileSafe(label.value)}-${n}.png`;
          names.add(name);
          zip.append(await png(label), { name });
          if (response.writableNeedDrain) await new Promise((resolve) => response.once('drain', resolve));
        }
      }
      await zip.finalize();
    }, response);
  }

  /** An A4 document (an order, a count sheet), laid out before the answer starts, in the reader's language (`zh-CN`, `en`). */
  async sendDocumentPdf(response: Response, model: PrintedDocument, filename: string, lang: string): Promise<void> {
    // "page n of N" as a template: the worker puts in the numbers once it knows them
    const pageLabel = model.pageLabel(PAGE_MARK as unknown as number, PAGES_MARK as unknown as number);
    await this.run(async (channel) => {
      const bytes = await channel.step({ type: 'document-pdf', model: { ...model, pageLabel }, lang });
      startPdfAnswer(response, filename);
      if (await writeAnswer(response, bytes)) await endAnswer(response);
    }, response);
  }

  /**
   * Runs one admitted job on a worker. A failure before the answer started is answered with the envelope; after
   * it started, the answer is cut off (no half-valid file) and the failure logged (none when the client went
   * away or the app is stopping).
   */
  private async run(work: (channel: RenderChannel) => Promise<void>, response: Response): Promise<void> {
    const release = this.admission.admit(currentActor().adminId);
    let channel: RenderChannel | undefined;
    try {
      channel = this.pool.open();
      await work(channel);
    } catch (error) {
      if (!response.headersSent) throw error;
      if (!response.destroyed && !this.stopping) this.logger.error(`printing failed after the answer started: ${(error as Error).message}`);
      response.destroy();
    } finally {
      channel?.close();
      release();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await this.pool.close();
  }
}

function fileSafe(value: string): string {
  return value.replace(/[^\p{L}\p{N}._-]+/gu, '_').slice(0, 80) || 'label';
}

function disposition(kind: 'inline' | 'attachment', filename: string): string {
  return `${kind}; filename="${filename.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** The renderer for every context that prints (one per process: the caps are the process's). */
@Global()
@Module({ providers: [DocumentRenderer], exports: [DocumentRenderer] })
export class DocumentsModule {}
