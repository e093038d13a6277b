import { loadSessions } from '../src/bench/load.js';
import { runBench } from '../src/bench/run.js';
import { renderTables } from '../src/bench/report/table.js';
const window = Number(process.argv[2] ?? 32000);
const paths = process.argv.slice(3);
const t0 = performance.now();
const gen = runBench(loadSessions(paths, { cwd: process.cwd() }), { strategies: ['raw', 'mask', 'clear', 'summary'], window, maskKeep: 10 });
let last = performance.now();
for await (const e of gen) {
  if (e.type === 'skip') console.error('SKIP', e.source, e.reason);
  if (e.type === 'start') console.error('start', e.sessions, ((performance.now() - t0)/1000).toFixed(1));
  if (e.type === 'session-done') { const now = performance.now(); if (now - last > 1000) console.error('slow', e.session.label, e.session.calls, ((now-last)/1000).toFixed(1)); last = now; }
  if (e.type === 'done') console.log(renderTables(e.report, { sessions: false }));
}
console.error('s', (performance.now() - t0) / 1000);
