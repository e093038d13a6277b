import path from 'node:path';
import { loadSessions } from '../src/bench/load.js';
import type { BenchSession } from '../src/bench/types.js';
import { openGarden } from '../src/garden/garden.js';
import { stripMessage } from '../src/garden/strip-message.js';
import { openStore } from '../src/store/open.js';
import { countRequest } from '../src/tokens/count.js';
import { defaultTokenizer } from '../src/tokens/tokenizer.js';
import type { MessageParam } from '../src/transcript/types.js';
const dir = '/work/shared/sessions';
const budget = Number(process.argv[2] ?? 16000);
const only = process.argv[3];
const store = openStore({ path: ':memory:' });
const tokenizer = defaultTokenizer();
let n = 0, shown = 0;
for await (const item of loadSessions([dir], { cwd: dir })) {
  if (item.type !== 'session') continue;
  const s: BenchSession = item.session;
  if (only && !s.label.includes(only)) continue;
  n++;
  let call = 0;
  const g = openGarden({ store, session: { project: 'p' + n, session: 's' }, budget, config: { now: () => 1e12 + call * 10000 } });
  let prev: MessageParam[] | undefined;
  for (const c of s.calls) {
    call = c.index;
    if (c.messageIndex === 0) continue;
    const t = { ...s.transcript, messages: s.transcript.messages.slice(0, c.messageIndex) };
    const ev0 = g.counters().events;
    g.sync(t);
    const plan = g.plan({ strict: false });
    const req = g.render();
    const ev = g.counters().events - ev0;
    const tokens = countRequest(tokenizer, req);
    if (tokens > budget && !(plan.impossible && plan.impossible.protected > budget) && shown < 15) {
      shown++;
      console.log('OVER', s.label, c.index, tokens, plan.tokens, JSON.stringify(plan.impossible));
    }
    if (prev) {
      const exp = prev.map((m, i) => (i === prev!.length - 1 ? stripMessage(m).message : m));
      const idx = exp.findIndex((m, i) => JSON.stringify(m) !== JSON.stringify(req.messages[i]));
      if (idx !== -1 && idx < exp.length - 2 && ev === 0 && shown < 30) {
        shown++;
        console.log('BREAK', s.label, 'call', c.index, 'idx', idx, 'of', exp.length, JSON.stringify(exp[idx]).slice(0, 200), '\n   NOW', JSON.stringify(req.messages[idx]).slice(0, 200));
      }
    }
    const out = s.transcript.messages[c.messageIndex];
    prev = out ? [...req.messages, out] : req.messages;
  }
}
