// Every PDF is drawn in one worker thread (pdfWorker.ts), never on the event loop: fontkit's shaping and subsetting
// is synchronous and takes seconds for a long chat protocol, and on the event loop that would hold every chat, hub
// call and request of the process for as long. The worker starts with the first document, stays while documents
// come and ends after a minute without one, so a process that renders rarely does not keep pdf-lib and the fonts
// (about 8 MB of heap) around. Documents are handed to the worker one at a time, in order, and each has a budget
// counted from when the worker starts it: one that takes longer ends the worker – the only way to stop synchronous
// work – and fails with PdfRenderError; the documents waiting behind it go on in a new worker. Time spent waiting
// behind other documents never counts, so a burst of requests delays documents but cannot make them fail (before,
// the budget ran from the request: thirty long protocols requested at once made the later ones – and any Vollmacht
// or protocol mail queued behind them – fail after two minutes, each failure ending the worker under the document
// it was drawing).
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type * as Renderers from './renderers.js';

type RendererName = 'renderChatProtocolPdf' | 'renderUsageConfirmationPdf' | 'renderPowerOfAttorneyPdf' | 'signPowerOfAttorneyPdf';

/** One document to draw: the renderer's name and its arguments (plain data, structured-cloned into the worker). */
export type PdfRenderRequest = {
  [Name in RendererName]: { id: number; renderer: Name; args: Parameters<(typeof Renderers)[Name]> };
}[RendererName];

export type PdfRenderResponse = { id: number; ok: true; pdf: Uint8Array } | { id: number; ok: false; name: string; message: string };

/** A document that could not be drawn: over its budget, or the worker failed. */
export class PdfRenderError extends Error {
  override readonly name = 'PdfRenderError';
}

export interface PdfRenderThreadOptions {
  /** How long the worker may draw one document, from when it starts it to its bytes (default two minutes). */
  readonly budgetMs?: number;
  /** The worker ends after this long without a document (default one minute). */
  readonly idleMs?: number;
  /**
   * Test seam: the worker's code, instead of the renderers (workerEntry). The queue and budget tests use a worker that
   * answers after a wall time they choose, blocked in Atomics.wait like a long render but without burning a core.
   */
  readonly workerUrl?: URL;
}

export interface PdfRenderThread {
  render<Name extends RendererName>(renderer: Name, ...args: Parameters<(typeof Renderers)[Name]>): Promise<Uint8Array>;
  /** Ends the worker; documents in flight fail. */
  close(): Promise<void>;
}

const DEFAULT_BUDGET_MS = 120_000;
const DEFAULT_IDLE_MS = 60_000;
/** A hostile or broken document must not take the process's memory with it. */
const WORKER_HEAP_LIMIT_MB = 512;

interface Queued {
  readonly request: PdfRenderRequest;
  readonly resolve: (pdf: Uint8Array) => void;
  readonly reject: (error: Error) => void;
}

/** The document the worker is drawing, with the timer of its budget. */
interface Drawing extends Queued {
  readonly budget: NodeJS.Timeout;
  readonly worker: Worker;
}

/**
 * The worker's code: the production bundle's own entry `dist/pdfWorker.js` (build/bundle.mjs), in the directory of this
 * code or the one above it (code that lands in `dist/chunks/`). From the TypeScript sources (tsx, Vitest) the worker
 * is `pdfWorker.ts` next to this file, started by a one-line module that first registers tsx in the worker: Node 20
 * ignores `--import` in a worker's `execArgv`.
 */
function workerEntry(): URL {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    const tsxApi = pathToFileURL(
      createRequire(here)
        .resolve('tsx/esm/api')
        .replace(/\.cjs$/, '.mjs'),
    ).href;
    const source = new URL('./pdfWorker.ts', here).href;
    const bootstrap = `import { register } from ${JSON.stringify(tsxApi)}; register(); await import(${JSON.stringify(source)});`;
    return new URL(`data:text/javascript,${encodeURIComponent(bootstrap)}`);
  }
  for (const candidate of ['./pdfWorker.js', '../pdfWorker.js']) {
    const url = new URL(candidate, here);
    if (existsSync(url)) return url;
  }
  throw new PdfRenderError('dist/pdfWorker.js fehlt: Der Server wurde ohne seinen PDF-Worker gebaut (npm run build -w @rechtschat/server).');
}

export function createPdfRenderThread(options: PdfRenderThreadOptions = {}): PdfRenderThread {
  const budgetMs = options.budgetMs ?? DEFAULT_BUDGET_MS;
  const idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
  /** Documents not started yet, oldest first. */
  const waiting: Queued[] = [];
  let drawing: Drawing | null = null;
  let worker: Worker | null = null;
  let idleTimer: NodeJS.Timeout | null = null;
  let nextId = 1;

  /** Ends the document being drawn (its budget timer too) and hands it back; null when `id` is not the one. */
  function finish(id: number): Drawing | null {
    if (drawing === null || drawing.request.id !== id) return null;
    const done = drawing;
    drawing = null;
    clearTimeout(done.budget);
    return done;
  }

  // Only documents in flight keep the process alive (a CLI that awaits one must not exit under it).
  function whenIdle(): void {
    worker?.unref();
    idleTimer ??= setTimeout(() => {
      idleTimer = null;
      if (drawing === null && waiting.length === 0) void stopWorker();
    }, idleMs).unref();
  }

  function stopWorker(): Promise<number> | undefined {
    const stopping = worker;
    worker = null;
    return stopping?.terminate();
  }

  function started(): Worker {
    if (idleTimer !== null) {
      clearTimeout(idleTimer);
      idleTimer = null;
    }
    if (worker !== null) {
      worker.ref();
      return worker;
    }
    const created = new Worker(options.workerUrl ?? workerEntry(), { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_LIMIT_MB } });
    created.on('message', (response: PdfRenderResponse) => {
      const done = finish(response.id);
      if (done === null) return;
      if (response.ok) done.resolve(response.pdf);
      else done.reject(Object.assign(new Error(response.message), { name: response.name }));
      next();
    });
    // The worker broke (e.g. its heap limit): the document it was drawing fails; the waiting ones go on in a new one.
    const failed = (error: Error) => {
      if (worker !== created) return; // replaced already (budget) or stopped
      worker = null;
      if (drawing?.worker === created) finish(drawing.request.id)?.reject(error);
      next();
    };
    created.on('error', (error) => failed(new PdfRenderError(`Der PDF-Worker ist abgebrochen: ${error.message}`)));
    created.on('exit', (code) => failed(new PdfRenderError(`Der PDF-Worker hat sich beendet (Code ${code}).`)));
    worker = created;
    return created;
  }

  /** Hands the oldest waiting document to the worker, once the one before it is done; its budget starts now. */
  function next(): void {
    if (drawing !== null) return;
    const queued = waiting.shift();
    if (queued === undefined) {
      whenIdle();
      return;
    }
    let target: Worker;
    try {
      target = started();
    } catch (error) {
      queued.reject(error instanceof Error ? error : new PdfRenderError(String(error)));
      next();
      return;
    }
    const id = queued.request.id;
    drawing = { ...queued, worker: target, budget: setTimeout(() => overBudget(id), budgetMs) };
    target.postMessage(queued.request);
  }

  function overBudget(id: number): void {
    const done = finish(id);
    if (done === null) return;
    done.reject(new PdfRenderError(`Das PDF wurde nicht innerhalb von ${Math.round(budgetMs / 1000)} s erstellt.`));
    // Synchronous work in the worker cannot be interrupted: end it, and draw the waiting documents in a new one.
    void stopWorker();
    next();
  }

  return {
    render(renderer, ...args) {
      return new Promise<Uint8Array>((resolve, reject) => {
        const request = { id: nextId++, renderer, args } as PdfRenderRequest;
        waiting.push({ request, resolve, reject });
        next();
      });
    },
    async close() {
      const ended = new PdfRenderError('Der PDF-Worker wurde beendet.');
      if (drawing !== null) finish(drawing.request.id)?.reject(ended);
      for (const queued of waiting.splice(0)) queued.reject(ended);
      if (idleTimer !== null) clearTimeout(idleTimer);
      idleTimer = null;
      await stopWorker();
    },
  };
}
