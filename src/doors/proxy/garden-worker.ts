import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { debug } from '../../debug.js';
import { GardenerError } from '../../errors.js';
import { createLru } from '../../core/lru/index.js';
import { defaultTokenizer } from '../../core/tokens/index.js';
import {
  JOB_GIVEN_UP,
  JOB_QUEUED,
  JOB_TAKEN,
  clock,
  type FromThread,
  type ThreadOptions,
  type ToThread,
} from './garden-protocol.js';
import { createProxyGardener, type Gardened, type ProxyGardener } from './gardening.js';

/** Gardened requests whose answer has not ended yet; past this many, the oldest is forgotten. */
const MAX_OPEN_HANDLES = 1024;

/**
 * The proxy's garden thread: every conversation's garden, the store and the tokenizer live here, so
 * gardening and settling a big body never hold the thread that forwards bytes.
 */
function serve(port: NonNullable<typeof parentPort>, options: ThreadOptions): void {
  const post = (message: FromThread, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
  let gardener: ProxyGardener;
  if (options.niceness !== undefined) lowerPriority(options.niceness);
  try {
    defaultTokenizer().count('gardener');
    gardener = openGardener(options);
  } catch (error) {
    const code = error instanceof GardenerError ? error.code : 'INTERNAL';
    post({ type: 'failed', code, message: error instanceof Error ? error.message : String(error) });
    return;
  }
  const open = createLru<number, Gardened>({ maxEntries: MAX_OPEN_HANDLES });
  let nextHandle = 1;

  const garden = (job: Extract<ToThread, { type: 'garden' }>) => {
    const takenAt = clock();
    if (Atomics.compareExchange(job.claim, 0, JOB_QUEUED, JOB_TAKEN) === JOB_GIVEN_UP)
      return post({ type: 'skipped', id: job.id });
    const raw = Buffer.from(job.raw.buffer, job.raw.byteOffset, job.raw.byteLength);
    const gardened =
      job.kind === 'messages' ? gardener.garden(raw, job.headers) : gardener.gardenCount(raw, job.headers);
    let handle: number | undefined;
    if (gardened.session) {
      handle = nextHandle++;
      open.set(handle, gardened);
    }
    postBack(post, job.id, raw, gardened, { ...(handle ? { handle } : {}), takenAt });
    // The event's forms are saved once the body is on its way (the gardens save later: openGardener).
    gardened.session?.garden.save();
  };

  port.on('message', (message: ToThread) => {
    switch (message.type) {
      case 'garden':
        return garden(message);
      case 'settle': {
        const gardened = open.peek(message.handle);
        if (gardened) gardener.settle(gardened);
        return;
      }
      case 'done': {
        const gardened = open.peek(message.handle);
        open.delete(message.handle);
        if (gardened && message.usage) gardener.observe(gardened, message.usage);
        if (gardened && message.refused) gardener.refused(gardened);
        return;
      }
      case 'retire':
        gardener.retire({ project: message.project, session: message.session });
        return;
      case 'close':
        void gardener.close().then(
          () => post({ type: 'closed' }),
          (error: unknown) => {
            debug('proxy', 'closing the gardens failed', { error: String(error) });
            post({ type: 'closed' });
          },
        );
        return;
    }
  });
  post({ type: 'ready' });
}

/**
 * Posts a gardened body back, then prices it: off the request's path, and before the next job (the
 * regret guard reads the bill at the conversation's next request).
 */
function postBack(
  post: (message: FromThread, transfer?: ArrayBuffer[]) => void,
  id: number,
  raw: Buffer,
  gardened: Gardened,
  more: { handle?: number; takenAt: number },
): void {
  // The client's own bytes need not go back: the proxy's thread has them.
  const body = gardened.body === raw ? undefined : ownBytes(gardened.body);
  const { record, price, inUse } = gardened;
  post(
    {
      type: 'gardened',
      id,
      ...(body ? { body } : {}),
      record,
      ...more,
      ...(inUse ? { inUse } : {}),
      ...(price ? { pricing: true as const } : {}),
      doneAt: clock(),
    },
    body && !(body.buffer instanceof SharedArrayBuffer) ? [body.buffer] : [],
  );
  if (!price) return;
  const modelled = price();
  post({ type: 'priced', id, ...(modelled ? { modelled } : {}) });
}

/**
 * The thread's gardener: its settling holds while the proxy's thread counts a request in flight, and
 * its gardens save an event's forms when told to, after the body went back.
 */
function openGardener(options: ThreadOptions): ProxyGardener {
  const { inFlight } = options;
  return createProxyGardener({
    ...options,
    settings: { ...options.settings, saveLater: true },
    ...(inFlight ? { requestWaiting: () => Atomics.load(inFlight, 0) > 0 } : {}),
  });
}

/** Lowers this thread's CPU priority; elsewhere than Linux the call would lower the whole process's, so not there. */
function lowerPriority(niceness: number): void {
  if (process.platform !== 'linux') return;
  try {
    setPriority(niceness);
  } catch (error) {
    debug('proxy', 'could not lower the garden thread priority', { error: String(error) });
  }
}

/**
 * Bytes the other thread gets without a copy: on shared memory as they are, else in an ArrayBuffer
 * of their own, to be transferred.
 */
function ownBytes(buffer: Buffer): Uint8Array {
  if (buffer.buffer instanceof SharedArrayBuffer) return buffer;
  if (buffer.byteOffset === 0 && buffer.byteLength === buffer.buffer.byteLength) return buffer;
  const copy = new Uint8Array(buffer.byteLength);
  copy.set(buffer);
  return copy;
}

if (parentPort) serve(parentPort, workerData as ThreadOptions);
