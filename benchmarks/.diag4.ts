import fc from 'fast-check';
import { transcriptArb } from '../test/support/transcript-arbitraries.js';
import { classify } from '../src/classify/classify.js';
import { compress } from '../src/compress/index.js';
import { openGarden } from '../src/garden/garden.js';
import { openStore } from '../src/store/open.js';
import { countRequest } from '../src/tokens/count.js';
import { defaultTokenizer } from '../src/tokens/tokenizer.js';
import { toRequest } from '../src/transcript/types.js';
const store = openStore({ path: ':memory:', redact: false });
let tc = 0, tp = 0, all = 0, ncalls = 0, toks = 0;
const samples = fc.sample(transcriptArb({ scale: 'small' }), { numRuns: 40, seed: 42 });
const c0 = process.cpuUsage();
samples.forEach((t, run) => {
  toks += countRequest(defaultTokenizer(), toRequest(t));
  const g = openGarden({ store, session: { project: 'p' + run, session: 's' }, budget: 2000, config: { keepLastTurns: 2, now: () => 1 },
    classify: (x, h) => { const s = performance.now(); const r = classify(x, h); tc += performance.now() - s; return r; },
    compress: (c, x, ctx) => { const s = performance.now(); const r = compress(c, x, ctx); tp += performance.now() - s; return r; } });
  const calls = t.messages.flatMap((m, i) => (m.role === 'assistant' && i > 0 ? [i] : [])).concat([t.messages.length]);
  for (const end of calls) { ncalls++; g.sync({ ...t, messages: t.messages.slice(0, end) }); g.plan({ strict: false }); g.render(); }
});
const c = process.cpuUsage(c0);
console.log({ cpuMs: (c.user + c.system) / 1000, classifyMs: tc, compressMs: tp, ncalls, avgTokens: toks / 40 });
