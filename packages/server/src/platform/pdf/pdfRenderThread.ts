// Every PDF is drawn in one worker thread (pdfWorker.ts), never on the event loop: fontkit's shaping and subsetting
// is synchronous and takes seconds for a long chat protocol, and on the event loop that would hold every chat, hub
// call and request of the process for as long. The worker starts with the first document, stays while documents
// come and ends after a minute without one, so a process that renders rarely does not keep pdf-lib and the fonts
// (about 8 MB of heap) around. Each document has a budget: one that takes longer ends the worker – the only way to
// stop synchronous work – and fails with PdfRenderError; the other documents in flight go on in a new worker.
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
  /** How long one document may take from its request to its bytes (default two minutes). */
  readonly budgetMs?: number;
  /** The worker ends after this long without a document (default one minute). */
  readonly idleMs?: number;
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

interface InFlight {
  readonly request: PdfRenderRequest;
  readonly resolve: (pdf: Uint8Array) => void;
  readonly reject: (error: Error) => void;
  readonly budget: NodeJS.Timeout;
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
  const inFlight = new Map<number, InFlight>();
  let worker: Worker | null = null;
  let idleTimer: NodeJS.Timeout | null = null;
  let nextId = 1;

  function settle(id: number): InFlight | undefined {
    const entry = inFlight.get(id);
    if (entry === undefined) return undefined;
    inFlight.delete(id);
    clearTimeout(entry.budget);
    if (inFlight.size === 0) whenIdle();
    return entry;
  }

  // Only documents in flight keep the process alive (a CLI that awaits one must not exit under it).
  function whenIdle(): void {
    worker?.unref();
    idleTimer ??= setTimeout(() => {
      idleTimer = null;
      if (inFlight.size === 0) void stopWorker();
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
    const created = new Worker(workerEntry(), { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_LIMIT_MB } });
    created.on('message', (response: PdfRenderResponse) => {
      const entry = settle(response.id);
      if (entry === undefined) return;
      if (response.ok) entry.resolve(response.pdf);
      else entry.reject(Object.assign(new Error(response.message), { name: response.name }));
    });
    const failAll = (error: Error) => {
      if (worker !== created) return; // replaced already (budget) or stopped: its documents went elsewhere
      worker = null;
      for (const id of [...inFlight.keys()]) settle(id)?.reject(error);
    };
    created.on('error', (error) => failAll(new PdfRenderError(`Der PDF-Worker ist abgebrochen: ${error.message}`)));
    created.on('exit', (code) => failAll(new PdfRenderError(`Der PDF-Worker hat sich beendet (Code ${code}).`)));
    worker = created;
    return created;
  }

  function overBudget(id: number): void {
    const entry = settle(id);
    if (entry === undefined) return;
    entry.reject(new PdfRenderError(`Das PDF wurde nicht innerhalb von ${Math.round(budgetMs / 1000)} s erstellt.`));
    // Synchronous work in the worker cannot be interrupted: end it, and draw the others in a new one.
    void stopWorker();
    if (inFlight.size > 0) {
      const next = started();
      for (const other of inFlight.values()) next.postMessage(other.request);
    }
  }

  return {
    render(renderer, ...args) {
      return new Promise<Uint8Array>((resolve, reject) => {
        const id = nextId++;
        const request = { id, renderer, args } as PdfRenderRequest;
        let target: Worker;
        try {
          target = started();
        } catch (error) {
          reject(error instanceof Error ? error : new PdfRenderError(String(error)));
          return;
        }
        const budget = setTimeout(() => overBudget(id), budgetMs);
        inFlight.set(id, { request, resolve, reject, budget });
        target.postMessage(request);
      });
    },
    async close() {
      for (const id of [...inFlight.keys()]) settle(id)?.reject(new PdfRenderError('Der PDF-Worker wurde beendet.'));
      if (idleTimer !== null) clearTimeout(idleTimer);
      idleTimer = null;
      await stopWorker();
    },
  };
}
