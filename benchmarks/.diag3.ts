import { readInput } from '../src/transcript/read-input.js';
import { defaultTokenizer, createTiktokenCounter } from '../src/tokens/tokenizer.js';
import { classify } from '../src/classify/classify.js';
import { compress } from '../src/compress/index.js';
import { extractTerms } from '../src/garden/terms.js';
import { openStore } from '../src/store/open.js';
const { transcripts } = await readInput('/work/shared/sessions/mini-swe-agent-gemini3/psf__requests-1142.traj.json');
const t = transcripts[0]!;
const pool = t.messages.flatMap((m) => (typeof m.content === 'string' ? [m.content] : []));
const tk = defaultTokenizer();
tk.count('warm');
const store = openStore({ path: '/tmp/diag3.db' });
for (let seed = 0; seed < 5; seed++) {
  const parts: string[] = [`run ${seed}`]; let total = 0;
  for (let i = 0; total < 10000; i++) { const p = (pool[(seed * 7 + i) % pool.length] ?? '').slice(0, 4000); parts.push(p); total += tk.count(p); }
  const text = parts.join('\n');
  const fresh = createTiktokenCounter(); fresh.count('x');
  let a = performance.now(); const n = fresh.count(text); const tCount = performance.now() - a;
  a = performance.now(); const cls = classify(text, { role: 'user', blockType: 'tool_result', toolName: 'Bash', command: 'make' }); const tCls = performance.now() - a;
  a = performance.now(); const s = compress(cls, text, { toolName: 'Bash', command: 'make' }); const tComp = performance.now() - a;
  a = performance.now(); const sc = tk.count(s.text); const tCount2 = performance.now() - a;
  a = performance.now(); extractTerms(text); const tTerms = performance.now() - a;
  a = performance.now(); store.ingest({ scope: { project: 'p', session: 's' }, class: cls, original: text, summary: s.text, tokensOriginal: n, tokensSummary: sc, priority: 20 }); const tStore = performance.now() - a;
  console.log({ chars: text.length, n, cls, count: tCount.toFixed(1), classify: tCls.toFixed(1), compress: tComp.toFixed(1), count2: tCount2.toFixed(1), terms: tTerms.toFixed(1), store: tStore.toFixed(1), helped: s.helped, sumLen: s.text.length });
}
