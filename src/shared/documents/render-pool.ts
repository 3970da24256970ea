import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { RenderAnswer, RenderRequest } from './render-protocol';

/*
 * The worker threads that draw PDFs and label images (render-worker.ts), so that a thousand labels never hold
 * the event loop that answers every other request. Started on the first print, kept while the app runs,
 * ended with it; a worker that dies fails the jobs it had and is replaced on the next print.
 *
 * The worker's entry is a file of its own. From the build (dist/, `npm start`) it is the compiled
 * render-worker.js beside this file. From the TypeScript sources (ts-jest runs the specs on src/ itself,
 * which has no .js files), the worker starts from a few lines that teach its `require` to read .ts files with
 * TypeScript's transpileModule — the same per-file transpilation ts-jest does (isolatedModules) — and then
 * require render-worker.ts.
 */

/** Render workers per process: the cores less the one the event loop needs, at least one, at most four. */
export const RENDER_WORKERS = Math.max(1, Math.min(4, availableParallelism() - 1));

const FROM_SOURCES = `
const { workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const Module = require('node:module');
const ts = Module.createRequire(workerData.entry)('typescript');
const compilerOptions = {
  module: ts.ModuleKind.CommonJS,
  target: ts.ScriptTarget.ES2022,
  esModuleInterop: true,
  experimentalDecorators: true,
  emitDecoratorMetadata: true,
  useDefineForClassFields: false,
  resolveJsonModule: true,
  sourceMap: false,
  inlineSourceMap: true,
};
Module._extensions['.ts'] = (module, filename) => {
  const { outputText } = ts.transpileModule(readFileSync(filename, 'utf8'), { fileName: filename, compilerOptions });
  module._compile(outputText, filename);
};
require(workerData.entry);
`;

function startWorker(): Worker {
  const compiled = join(__dirname, 'render-worker.js');
  if (existsSync(compiled)) return new Worker(compiled);
  return new Worker(FROM_SOURCES, { eval: true, workerData: { entry: join(__dirname, 'render-worker.ts') } });
}

interface PendingStep {
  chunks: Buffer[];
  resolve: (chunks: Buffer[]) => void;
  reject: (error: Error) => void;
}

class RenderWorker {
  readonly thread: Worker;
  /** Jobs that have this worker (a job stays on one worker: its document lives there). */
  jobs = 0;
  private readonly steps = new Map<number, PendingStep>();
  dead = false;

  constructor(onExit: (worker: RenderWorker) => void) {
    this.thread = startWorker();
    this.thread.unref();
    this.thread.on('message', (answer: RenderAnswer) => this.answer(answer));
    const fail = (error: Error) => {
      this.dead = true;
      for (const step of this.steps.values()) step.reject(error);
      this.steps.clear();
      onExit(this);
    };
    this.thread.on('error', fail);
    this.thread.on('exit', (code) => fail(new Error(`the render worker stopped (exit code ${code})`)));
  }

  /** Sends one request of a job and resolves with the bytes it answered, once it says done. */
  step(request: RenderRequest): Promise<Buffer[]> {
    if (this.dead) return Promise.reject(new Error('the render worker stopped'));
    return new Promise((resolve, reject) => {
      this.steps.set(request.job, { chunks: [], resolve, reject });
      this.thread.postMessage(request);
    });
  }

  /** A message that needs no answer. */
  tell(request: RenderRequest): void {
    if (!this.dead) this.thread.postMessage(request);
  }

  private answer(answer: RenderAnswer): void {
    const step = this.steps.get(answer.job);
    if (!step) return;
    if (answer.type === 'data') {
      step.chunks.push(Buffer.from(answer.data.buffer, answer.data.byteOffset, answer.data.byteLength));
      return;
    }
    this.steps.delete(answer.job);
    if (answer.type === 'done') step.resolve(step.chunks);
    else step.reject(new Error(`rendering failed: ${answer.message}`));
  }
}

/** One job's conversation with the worker it was given. */
export interface RenderChannel {
  /** Sends a request of this job (its `job` is filled in) and answers the bytes it produced. */
  step(request: DistributiveOmit<RenderRequest, 'job'>): Promise<Buffer[]>;
  /** Ends the job on the worker (forgets its document when it did not finish). */
  close(): void;
}

type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;

export class RenderPool {
  private readonly workers: RenderWorker[] = [];
  private nextJob = 1;
  private closed = false;

  constructor(private readonly size = RENDER_WORKERS) {}

  /** A channel on the least busy worker (starting one while there are fewer than `size`). */
  open(): RenderChannel {
    if (this.closed) throw new Error('the render pool is closed');
    let worker = this.workers.find((w) => w.jobs === 0);
    if (!worker && this.workers.length < this.size) {
      worker = new RenderWorker((dead) => {
        const index = this.workers.indexOf(dead);
        if (index >= 0) this.workers.splice(index, 1);
      });
      this.workers.push(worker);
    }
    worker ??= this.workers.reduce((least, w) => (w.jobs < least.jobs ? w : least));
    const chosen = worker;
    const job = this.nextJob++;
    let finished = false;
    chosen.jobs++;
    return {
      step: async (request) => {
        const answer = await chosen.step({ ...request, job } as RenderRequest);
        if (request.type === 'end' || request.type === 'label-png' || request.type === 'document-pdf') finished = true;
        return answer;
      },
      close: () => {
        if (!finished) chosen.tell({ type: 'abort', job });
        chosen.jobs--;
      },
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.workers.splice(0).map((w) => w.thread.terminate()));
  }
}
