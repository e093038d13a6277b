import type { IncomingHttpHeaders } from 'node:http';
import type { Worker } from 'node:worker_threads';
import { debug } from '../../debug.js';
import {
  JOB_GIVEN_UP,
  JOB_QUEUED,
  clock,
  type FromThread,
  type ThreadOptions,
  type ToThread,
} from './garden-protocol.js';
import { closeGardenWorker, spawnGardenWorker } from './garden-spawn.js';
import type { GardenedRequest, RequestGardener } from './request-gardener.js';
import type { ModelledBills } from '../../core/cache/index.js';
import { createLru, type Lru } from '../../core/lru/index.js';
import { BIG_BODY_BYTES, createThreadRoute, type ThreadRoute } from './thread-route.js';

/**
 * How long a request queued behind a big body on the same thread waits before it goes out as it
 * came: long enough for a long conversation's big body of known blocks (parsed and matched in tens
 * of milliseconds).
 */
export const BEHIND_BIG_WAIT_MS = 250;
/**
 * Bytes of JSON per token, at least (cl100k gives 3–4 bytes a token for prose, logs and code, about 2
 * for dense digits and symbols; escapes only add bytes): a body under budget × this fits the budget as
 * it came, so sending it ungardened is safe; a bigger one waits for its gardening, however long.
 */
const MIN_BYTES_PER_TOKEN = 2;
/**
 * The big-body thread's nice value: the CPU goes to the proxy's own thread and the other
 * conversations' gardening first; a big body takes seconds either way.
 */
const BIG_THREAD_NICENESS = 10;
/** Conversations whose thread is remembered, to hand one over when its bodies move to the other thread. */
const OWNERS_REMEMBERED = 4096;

interface Job {
  id: number;
  bytes: number;
  /** Its new bytes are BIG_BODY_BYTES or more: its gardening may take seconds. */
  heavy: boolean;
  raw: Buffer;
  claim: Int32Array;
  /** When it was given (ms, `clock()`). */
  givenAt: number;
  resolve: (gardened: GardenedRequest) => void;
  timer?: NodeJS.Timeout;
}

/** The proxy's side of one garden thread: the jobs it was given and the thread that works them. */
interface Thread {
  /** In the handles this thread's gardens get (local × 2 + tag), so settle and done find it again. */
  tag: 0 | 1;
  options: ThreadOptions;
  jobs: Map<number, Job>;
  /** Jobs whose body came back and whose bill is still to come (a 'priced' message), by id. */
  pricing: Map<number, (modelled: ModelledBills | undefined) => void>;
  worker: Worker | undefined;
  /** Set while the thread starts: its first job waits for it. */
  starting: Promise<void> | undefined;
  /** False from the thread's exit until a new one is ready: meanwhile requests go out as they came. */
  running: boolean;
  /** The thread ran once: after it stops, requests do not wait for a new one. */
  ran: boolean;
  closing: boolean;
}

/**
 * Both garden threads: bodies with under BIG_BODY_BYTES new on their conversation's thread (a new
 * one on the first), those with more on the other (started when the first one comes). Each keeps the gardens of the conversations it gardens; a conversation whose
 * bodies cross the line moves: the thread it leaves drops its garden, the other opens it from the
 * store (its saved forms and pins), as a restarted thread does.
 */
interface Threads {
  small: Thread;
  big: Thread;
  /** The thread that gardened each conversation last (`project\0session`), least recent first. */
  owners: Lru<string, Thread>;
  route: ThreadRoute<Thread>;
}

/** Starts the garden thread for ordinary bodies; resolves once its store is open and its tokenizer loaded. */
export async function startGardenThread(options: ThreadOptions): Promise<RequestGardener> {
  // Requests that came in and are not upstream yet, whichever thread gardens them: both threads'
  // settling holds while any are (on two cores it would take the request's CPU).
  const inFlight = new Int32Array(new SharedArrayBuffer(4));
  const small = newThread({ ...options, inFlight }, 0);
  const big = newThread({ ...options, inFlight, niceness: BIG_THREAD_NICENESS }, 1);
  const threads: Threads = {
    small,
    big,
    owners: createLru({ maxEntries: OWNERS_REMEMBERED }),
    route: createThreadRoute(small, big),
  };
  await start(threads, threads.small, true);
  let nextId = 1;
  return {
    garden(raw: Buffer, headers: IncomingHttpHeaders, kind) {
      const { thread, newBytes } = threads.route.pick(raw);
      return new Promise((resolve) => {
        const claim = new Int32Array(new SharedArrayBuffer(4));
        const heavy = newBytes >= BIG_BODY_BYTES;
        const job: Job = {
          id: nextId++,
          bytes: raw.byteLength,
          heavy,
          raw,
          claim,
          givenAt: clock(),
          resolve,
        };
        thread.jobs.set(job.id, job);
        bound(thread, job);
        void ready(threads, thread).then((running) => {
          if (!thread.jobs.has(job.id)) return;
          if (!running) return passThrough(thread, job, 'the garden thread is not running');
          // The thread reads the very bytes (shared memory); they stay here to go out as they came if need be.
          const message: ToThread = {
            type: 'garden',
            id: job.id,
            kind,
            raw: sharedBytes(raw),
            headers,
            claim,
          };
          thread.worker!.postMessage(message);
        });
      });
    },
    arrived() {
      Atomics.add(inFlight, 0, 1);
      let sent = false;
      return () => {
        if (!sent) Atomics.sub(inFlight, 0, 1);
        sent = true;
      };
    },
    settle(gardened) {
      if (gardened.handle) toHandle(threads, gardened.handle, (handle) => ({ type: 'settle', handle }));
    },
    done(gardened, usage, refused) {
      if (gardened.handle)
        toHandle(threads, gardened.handle, (handle) => ({
          type: 'done',
          handle,
          ...(usage ? { usage } : {}),
          ...(refused ? { refused: true as const } : {}),
        }));
    },
    close: () => close(threads),
  };
}

function newThread(options: ThreadOptions, tag: 0 | 1): Thread {
  return {
    tag,
    options,
    jobs: new Map(),
    pricing: new Map(),
    worker: undefined,
    starting: undefined,
    running: false,
    ran: false,
    closing: false,
  };
}

/**
 * Whether the thread can take a job now: the first jobs of a thread not started yet wait for it; while
 * a thread that ran is down, requests go out as they came.
 */
async function ready(threads: Threads, thread: Thread): Promise<boolean> {
  if (thread.running) return true;
  if (thread.ran) return false;
  if (!thread.starting) void start(threads, thread, false);
  await thread.starting;
  return thread.running;
}

/** Starts a thread; `strict` rejects when it cannot start (the proxy's own start), else it is logged. */
function start(threads: Threads, thread: Thread, strict: boolean): Promise<void> {
  const starting = spawnGardenWorker(thread.options).then(
    (worker) => {
      thread.worker = worker;
      thread.running = true;
      thread.ran = true;
      listen(threads, thread, worker);
    },
    (error: unknown) => {
      thread.ran = true;
      debug('proxy', 'the garden thread cannot start', { error: String(error) });
      if (strict) throw error;
    },
  );
  thread.starting = starting.finally(() => (thread.starting = undefined));
  return thread.starting;
}

function toHandle(threads: Threads, handle: number, message: (local: number) => ToThread): void {
  const thread = handle % 2 === 1 ? threads.big : threads.small;
  if (thread.running) thread.worker!.postMessage(message(Math.floor(handle / 2)));
}

/** A job's bill came (or never will: undefined). */
function priced(thread: Thread, id: number, modelled: ModelledBills | undefined): void {
  thread.pricing.get(id)?.(modelled);
  thread.pricing.delete(id);
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
  for (const ahead of thread.jobs.values()) if (ahead !== job && ahead.heavy) bigAhead = true;
  if (!bigAhead) return;
  job.timer = setTimeout(() => {
    if (Atomics.compareExchange(job.claim, 0, JOB_QUEUED, JOB_GIVEN_UP) === JOB_QUEUED)
      passThrough(thread, job, 'gardener busy with a big request of another conversation');
  }, BEHIND_BIG_WAIT_MS);
}

/**
 * The thread that gardened a conversation now owns it: the other one, if it gardened it before,
 * drops its garden (that thread's copy would go stale while this one moves on).
 */
function claim(threads: Threads, thread: Thread, project: string, session: string): void {
  const key = `${project}\0${session}`;
  const before = threads.owners.peek(key);
  threads.owners.set(key, thread);
  if (before && before !== thread && before.running)
    before.worker!.postMessage({ type: 'retire', project, session } satisfies ToThread);
}

function listen(threads: Threads, thread: Thread, current: Worker): void {
  current.on('message', (message: FromThread) => {
    if (message.type === 'priced') return priced(thread, message.id, message.modelled);
    if (message.type !== 'gardened' && message.type !== 'skipped') return;
    const job = thread.jobs.get(message.id);
    if (!job || message.type === 'skipped') return;
    clearTimeout(job.timer);
    thread.jobs.delete(job.id);
    // No body back: the thread sends the client's own bytes, which are here already.
    const body = message.body
      ? Buffer.from(message.body.buffer, message.body.byteOffset, message.body.byteLength)
      : job.raw;
    const { record } = message;
    record.phases = {
      ...record.phases,
      queue: message.takenAt - job.givenAt,
      back: clock() - message.doneAt,
    };
    if (record.gardened && record.project !== undefined && record.session !== undefined) {
      claim(threads, thread, record.project, record.session);
      threads.route.gardened(`${record.project}\0${record.session}`, job.raw, thread);
    }
    const handle = message.handle ? message.handle * 2 + thread.tag : undefined;
    const pricing = message.pricing
      ? { priced: new Promise<ModelledBills | undefined>((resolve) => thread.pricing.set(job.id, resolve)) }
      : {};
    const { inUse } = message;
    const release = inUse ? { release: () => void Atomics.store(inUse, 0, 0) } : {};
    job.resolve({ body, record, ...(handle ? { handle } : {}), ...pricing, ...release });
  });
  current.on('error', (error) => debug('proxy', 'the garden thread failed', { error: String(error) }));
  current.on('exit', (code) => {
    // Bills it had not sent yet will not come: their requests are recorded without one.
    for (const id of [...thread.pricing.keys()]) priced(thread, id, undefined);
    if (thread.closing) return;
    thread.running = false;
    thread.worker = undefined;
    // Its requests go out as they came; a new thread opens the gardens from the store again.
    for (const job of [...thread.jobs.values()])
      passThrough(thread, job, `the garden thread stopped (exit ${code})`);

    for (const [key, owner] of threads.owners.entries()) if (owner === thread) threads.owners.delete(key);
    debug('proxy', 'restarting the garden thread', { code });
    void start(threads, thread, false);
  });
}

async function close(threads: Threads): Promise<void> {
  await Promise.all(
    [threads.small, threads.big].map(async (thread) => {
      thread.closing = true;
      await thread.starting;
      if (thread.worker) await closeGardenWorker(thread.worker);
    }),
  );
}

/** The bytes on shared memory: as they are when the server read them there, else copied there once. */
function sharedBytes(raw: Buffer): Uint8Array {
  if (raw.buffer instanceof SharedArrayBuffer)
    return new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength);
  const shared = new Uint8Array(new SharedArrayBuffer(raw.byteLength));
  shared.set(raw);
  return shared;
}
