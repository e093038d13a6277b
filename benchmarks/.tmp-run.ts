import { builtinSessions } from '../src/bench/builtin/index.js';
import { runBench, type SourceItem } from '../src/bench/run.js';
import { toBenchSession } from '../src/bench/session.js';
const window = Number(process.argv[2] ?? 32000);
const items: SourceItem[] = builtinSessions().map((t) => ({ type: 'session', session: toBenchSession(t, t.source ?? t.id) }));
const t0 = performance.now();
const gen = runBench(items, { strategies: ['raw', 'mask', 'clear', 'summary'], window, maskKeep: 10 });
for await (const e of gen) {
  if (e.type === 'session-done') {
    console.log(e.session.label, e.session.calls, 'needles', e.session.needles);
    for (const f of e.session.strategies) console.log('  ', f.strategy.padEnd(8), 'billed', f.billed, 'peak', f.peak, 'over', f.over, 'cost', f.cost, 'ratio', f.costRatio?.toFixed(3), 'events', f.events, 'sum', f.summaryTokens, 'fid', f.fidelityContext?.toFixed(2));
  }
  if (e.type === 'done') for (const f of e.report.totals) console.log('TOTAL', f.strategy.padEnd(8), 'billed', f.billed, 'peak', f.peak, 'over', f.over, 'cost', f.cost, 'ratio', f.costRatio?.toFixed(3), 'events', f.events, 'fid', f.fidelityContext?.toFixed(3));
}
console.log('ms', performance.now() - t0);
