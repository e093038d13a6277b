/**
 * One huge log gardened by the engine the way the chat gardens its Bash tool's output (originals
 * kept in memory, every block summarised), with the build in BUILD (its dist/). Prints JSON: the
 * RSS once the log is in memory, the peak RSS while it is gardened, the CPU time of the gardening
 * and the summary the log went out as. Run by compress-memory.ts --log-lines, in a process of its own:
 *   node --expose-gc --import tsx benchmarks/support/huge-log-engine.ts BUILD LINES ERRORS DB
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { logLine } from './huge-log.js';

interface EngineFaces {
  openGarden(options: unknown): {
    sync(transcript: unknown): void;
    compactAll(options: { minTokens: number; keepLastTurns: number }): void;
    render(): { messages: Array<{ content: unknown }> };
    close(): void;
  };
  openStore(options: { path: string; redact: boolean }): { close(): void };
}

const [build, lines, errors, db] = process.argv.slice(2) as [string, string, string, string];
const load = (path: string) => import(pathToFileURL(join(build, 'dist', path)).href);
const { openGarden } = (await load('core/garden/index.js')) as Pick<EngineFaces, 'openGarden'>;
const { openStore } = (await load('core/store/index.js')) as Pick<EngineFaces, 'openStore'>;

const count = Number(lines);
const every = Number(errors) > 0 ? Math.floor(count / Number(errors)) : 0;
let output = '';
for (let start = 0; start < count; start += 10_000) {
  const chunk: string[] = [];
  for (let i = start; i < Math.min(count, start + 10_000); i++)
    chunk.push(`${logLine(i, every > 0 && i % every === every >> 1)}\n`);
  output += chunk.join('');
}
// One flat string, as a tool's output arrives.
output = output.slice(0, 1) + output.slice(1);
const store = openStore({ path: db, redact: false });
const gardenOf = (session: string) =>
  openGarden({ store, session: { project: 'bench', session }, budget: 100_000, config: { inject: 'off' } });
const transcript = (log: string) => ({
  id: 'huge-log',
  format: 'anthropic',
  messages: [
    { role: 'user', content: 'Run the batch.' },
    {
      role: 'assistant',
      content: [{ type: 'tool_use', id: 't1', name: 'Bash', input: { command: './batch.sh' } }],
    },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: log }] },
    { role: 'assistant', content: 'The batch ran.' },
    { role: 'user', content: 'Did anything fail?' },
  ],
});
// What loads once (the tokenizer's table, the grammars) is loaded before the measure starts.
const warm = gardenOf('warm-up');
warm.sync(transcript(output.slice(0, 100_000)));
warm.compactAll({ minTokens: 0, keepLastTurns: 0 });
warm.close();
(globalThis as { gc?: () => void }).gc?.();
const baseRss = process.memoryUsage.rss();
// The peak over the gardening, sampled every 2 ms from a second thread (the gardening holds this one):
// the process's own high-water mark would count building the log too.
const peak = new Float64Array(new SharedArrayBuffer(8));
peak[0] = baseRss;
const sampler = new Worker(
  `const { workerData: peak } = require('node:worker_threads');
   setInterval(() => { const rss = process.memoryUsage.rss(); if (rss > peak[0]) peak[0] = rss; }, 2);`,
  { eval: true, workerData: peak },
);
await new Promise((resolve) => sampler.once('online', resolve));

const cpu = process.cpuUsage();
const garden = gardenOf('huge-log');
garden.sync(transcript(output));
garden.compactAll({ minTokens: 0, keepLastTurns: 0 });
const result = (garden.render().messages[2]?.content as Array<{ content: string }>)[0]?.content ?? '';
const spent = process.cpuUsage(cpu);
garden.close();
store.close();
await sampler.terminate();
console.log(
  JSON.stringify({
    baseRss,
    peakRss: peak[0],
    cpuMs: (spent.user + spent.system) / 1000,
    summary: result,
  }),
);
