import type { IncomingHttpHeaders } from 'node:http';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { debug } from '../../debug.js';
import { GardenerError } from '../../errors.js';
import {
  JOB_GIVEN_UP,
  JOB_QUEUED,
  type FromThread,
  type ThreadOptions,
  type ToThread,
} from './garden-protocol.js';
import type { GardenedRequest, RequestGardener } from './request-gardener.js';

/**
 * A body at least this big may take seconds to garden (a huge new tool output to count, compress
 * and store), so requests queued behind it wait for it only so long.
 */
export const BIG_BODY_BYTES = 4 * 1024 * 1024;
/**
 * How long a request queued behind a big body waits before it goes out as it came: long enough for
 * a long conversation's big body of known blocks (parsed and matched in tens of milliseconds).
 */
export const BEHIND_BIG_WAIT_MS = 250;
/**
 * Bytes of JSON per token, at least (cl100k gives 3–4 bytes a token for prose, logs and code, about 2
 * for dense digits and symbols; escapes only add bytes): a body under budget × this fits the budget as
 * it came, so sending it ungardened is safe; a bigger one waits for its gardening, however long.
 */
const MIN_BYTES_PER_TOKEN = 2;
/** Closing waits this long for the thread to settle and save its gardens, then stops it anyway. */
const CLOSE_WAIT_MS = 30_000;
/** Heap of the garden thread: past it, the thread alone stops (requests go out as they came) and a new one starts. */
const GARDEN_HEAP_MB = 3072;

interface Job {
  id: number;
  bytes: number;
  raw: Buffer;
  claim: Int32Array;
  resolve: (gardened: GardenedRequest) => void;
  timer?: NodeJS.Timeout;
}

/** The garden thread's code: the built .js beside this file, or (tests, benchmarks) the .ts source through tsx. */
function workerEntry(): { entry: URL | string; eval?: true } {
  const own = import.meta.url;
  if (own.endsWith('.js')) return { entry: new URL('./garden-worker.js', own) };
  const api = createRequire(own)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs');
  const source = new URL('./garden-worker.ts', own).href;
  const code = `import(${JSON.stringify(pathToFileURL(api).href)}).then((tsx) => tsx.tsImport(${JSON.stringify(source)}, ${JSON.stringify(own)}))`;
  return { entry: code, eval: true };
}

/** The proxy's side of the garden thread: the jobs it was given and the thread that works them. */
interface Thread {
  options: ThreadOptions;
  jobs: Map<number, Job>;
  worker: Worker;
  /** False from the thread's exit until a new one is ready: meanwhile requests go out as they came. */
  running: boolean;
  closing: boolean;
}

/** Starts the garden thread; resolves once its store is open and its tokenizer loaded. */
export async function startGardenThread(options: ThreadOptions): Promise<RequestGardener> {
  const thread: Thread = {
    options,
    jobs: new Map(),
    worker: await spawn(options),
    running: true,
    closing: false,
  };
  let nextId = 1;
  listen(thread, thread.worker);
  const send = (message: ToThread) => thread.worker.postMessage(message);
  return {
    garden(raw: Buffer, headers: IncomingHttpHeaders, kind) {
      return new Promise((resolve) => {
        const claim = new Int32Array(new SharedArrayBuffer(4));
        const job: Job = { id: nextId++, bytes: raw.byteLength, raw, claim, resolve };
        thread.jobs.set(job.id, job);
        if (!thread.running) return passThrough(thread, job, 'the garden thread is not running');
        bound(thread, job);
        // The thread reads the very bytes (shared memory); they stay here to go out as they came if need be.
        send({ type: 'garden', id: job.id, kind, raw: sharedBytes(raw), headers, claim });
      });
    },
    settle(gardened) {
      if (gardened.handle) send({ type: 'settle', handle: gardened.handle });
    },
    done(gardened, usage) {
      if (gardened.handle) send({ type: 'done', handle: gardened.handle, ...(usage ? { usage } : {}) });
    },
    close: () => close(thread),
  };
}

function passThrough(thread: Thread, job: Job, reason: string): void {
  clearTimeout(job.timer);
  thread.jobs.delete(job.id);
  debug('proxy', 'request passed through unchanged', { reason });
  job.resolve({ body: job.raw, record: { gardened: false, failOpen: reason } });
}

/** A job that fits the budget as it came waits behind a big one only so long: the big one may take seconds. */
function bound(thread: Thread, job: Job): void {
  if (job.bytes > thread.options.budget * MIN_BYTES_PER_TOKEN) return;
  let bigAhead = false;
  for (const ahead of thread.jobs.values())
    if (ahead !== job && ahead.bytes >= BIG_BODY_BYTES) bigAhead = true;
  if (!bigAhead) return;
  job.timer = setTimeout(() => {
    if (Atomics.compareExchange(job.claim, 0, JOB_QUEUED, JOB_GIVEN_UP) === JOB_QUEUED)
      passThrough(thread, job, 'gardener busy with a big request of another conversation');
  }, BEHIND_BIG_WAIT_MS);
}

function listen(thread: Thread, current: Worker): void {
  current.on('message', (message: FromThread) => {
    if (message.type !== 'gardened' && message.type !== 'skipped') return;
    const job = thread.jobs.get(message.id);
    if (!job || message.type === 'skipped') return;
    clearTimeout(job.timer);
    thread.jobs.delete(job.id);
    // No body back: the thread sends the client's own bytes, which are here already.
    const body = message.body
      ? Buffer.from(message.body.buffer, message.body.byteOffset, message.body.byteLength)
      : job.raw;
    const { record, handle, modelled } = message;
    job.resolve({ body, record, ...(handle ? { handle } : {}), ...(modelled ? { modelled } : {}) });
  });
  current.on('error', (error) => debug('proxy', 'the garden thread failed', { error: String(error) }));
  current.on('exit', (code) => {
    if (thread.closing) return;
    thread.running = false;
    // Its requests go out as they came; a new thread opens the gardens from the store again.
    for (const job of [...thread.jobs.values()])
      passThrough(thread, job, `the garden thread stopped (exit ${code})`);
    debug('proxy', 'restarting the garden thread', { code });
    spawn(thread.options).then(
      (fresh) => {
        thread.worker = fresh;
        thread.running = true;
        listen(thread, fresh);
      },
      (error: unknown) => debug('proxy', 'the garden thread cannot restart', { error: String(error) }),
    );
  });
}

async function close(thread: Thread): Promise<void> {
  thread.closing = true;
  const { worker } = thread;
  let timer: NodeJS.Timeout | undefined;
  await new Promise<void>((resolve) => {
    worker.on('message', (message: FromThread) => message.type === 'closed' && resolve());
    worker.once('exit', () => resolve());
    timer = setTimeout(() => {
      debug('proxy', 'the garden thread did not close in time; stopping it');
      resolve();
    }, CLOSE_WAIT_MS);
    worker.postMessage({ type: 'close' } satisfies ToThread);
  });
  clearTimeout(timer);
  await worker.terminate();
}

/** The bytes on shared memory: as they are when the server read them there, else copied there once. */
function sharedBytes(raw: Buffer): Uint8Array {
  if (raw.buffer instanceof SharedArrayBuffer)
    return new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength);
  const shared = new Uint8Array(new SharedArrayBuffer(raw.byteLength));
  shared.set(raw);
  return shared;
}

function spawn(options: ThreadOptions): Promise<Worker> {
  const { entry, eval: evaluate } = workerEntry();
  const worker = new Worker(entry, {
    workerData: options,
    resourceLimits: { maxOldGenerationSizeMb: GARDEN_HEAP_MB },
    ...(evaluate ? { eval: true } : {}),
  });
  return new Promise((resolve, reject) => {
    const onExit = (code: number) =>
      reject(new GardenerError('INTERNAL', `the proxy's garden thread stopped at start (exit ${code})`));
    worker.once('exit', onExit);
    worker.once('message', (message: FromThread) => {
      worker.off('exit', onExit);
      if (message.type === 'ready') return resolve(worker);
      void worker.terminate();
      reject(
        message.type === 'failed'
          ? new GardenerError(message.code, message.message)
          : new GardenerError('INTERNAL', `the proxy's garden thread said ${message.type} at start`),
      );
    });
  });
}
