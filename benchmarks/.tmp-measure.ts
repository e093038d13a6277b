import { builtinSessions } from '../src/bench/builtin/index.js';
import { splitCalls } from '../src/bench/calls.js';
import { countRequest } from '../src/tokens/count.js';
import { defaultTokenizer } from '../src/tokens/tokenizer.js';
import { toRequest } from '../src/transcript/types.js';
import { validate } from '../src/transcript/validate.js';
import { findNeedles } from '../src/bench/needles.js';
const t0 = performance.now();
for (const t of builtinSessions()) {
  const tok = countRequest(defaultTokenizer(), toRequest(t));
  const v = validate(toRequest(t));
  const needles = findNeedles(t);
  console.log(t.id, 'calls', splitCalls(t).length, 'tokens', tok, 'valid', v.ok, v.issues.slice(0,3), 'needles', needles.length);
  for (const n of needles) console.log('  ', n.kind, JSON.stringify(n.text), n.call, '->', n.usedAt, n.usedRole);
}
console.log('ms', performance.now() - t0);
