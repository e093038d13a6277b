import { readInput } from '../src/transcript/read-input.js';
import { typedByUser } from '../src/garden/typed-by-user.js';
import { defaultTokenizer } from '../src/tokens/tokenizer.js';
import { unwrapToolOutput } from '../src/classify/unwrap.js';
const file = process.argv[2]!;
const { transcripts } = await readInput(file);
const t = process.argv[3] ? transcripts.find((x) => x.id.includes(process.argv[3]!))! : transcripts[0]!;
const typed = typedByUser(t);
const tk = defaultTokenizer();
console.log(t.format, t.meta);
t.messages.forEach((m, i) => {
  if (m.role !== 'user') return;
  const text = typeof m.content === 'string' ? m.content : m.content.map((b) => (b.type === 'text' ? b.text : `[${b.type}]`)).join('|');
  if (typed(i, 0)) console.log(i, tk.count(text), unwrapToolOutput(text).kind, JSON.stringify(text.slice(0, 150)));
});
