import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { debug } from '../../debug.js';
import { GardenerError } from '../../errors.js';
import type { FromThread, ThreadOptions, ToThread } from './garden-protocol.js';

/** Closing waits this long for a thread to settle and save its gardens, then stops it anyway. */
const CLOSE_WAIT_MS = 30_000;
/** Heap of a garden thread: past it, the thread alone stops (requests go out as they came) and a new one starts. */
const GARDEN_HEAP_MB = 3072;

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

/** Starts a garden thread; resolves once its store is open and its tokenizer loaded. */
export function spawnGardenWorker(options: ThreadOptions): Promise<Worker> {
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

/** Asks a garden thread to settle and save its gardens, then stops it (at once when it does not answer in time). */
export async function closeGardenWorker(worker: Worker): Promise<void> {
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
