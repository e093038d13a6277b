import { builtinSessions } from '../src/bench/builtin/index.js';
import { blockText, contentBlocks } from '../src/transcript/blocks.js';
const t = builtinSessions()[Number(process.argv[2] ?? 0)]!;
const want = process.argv.slice(3).map(Number);
t.messages.forEach((m, i) => { if (want.length && !want.includes(i)) return; for (const b of contentBlocks(m)) console.log(`--- [${i}] ${m.role} ${b.type}\n${blockText(b).slice(0, 3000)}`); });
