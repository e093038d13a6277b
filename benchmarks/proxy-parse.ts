/**
 * The proxy's own share of a request before it goes upstream, in CPU time: parsing the body, whole
 * (as before) or from the conversation's previous body (src/doors/proxy/body-parse.ts), then taking
 * the client's breakpoints off and matching the messages with the previous call's (what the
 * gardening does before the engine's sync; src/doors/proxy/reuse.ts), over a
 * growing tool-heavy session like benchmarks/proxy-overhead.ts's, with the client's breakpoint
 * moving to the newest block every call. Prints medians and p95 per run of 100 calls (flat when the
 * cost does not grow with the session) and checks both parses agree.
 *
 *   npx tsx benchmarks/proxy-parse.ts [--calls 1000] [--way whole|previous|both]
 */
import { isDeepStrictEqual, parseArgs } from 'node:util';
import os from 'node:os';
import { createBodyParser } from '../src/doors/proxy/body-parse.js';
import { takeBreakpoints } from '../src/doors/proxy/cache-breakpoints.js';
import { adoptMatched, reuseMessages } from '../src/doors/proxy/reuse.js';
import type { MessageParam } from '../src/core/transcript/index.js';
import { cpu, percentile } from './support/measure.js';

const { values } = parseArgs({
  options: { calls: { type: 'string', default: '1000' }, way: { type: 'string', default: 'both' } },
});
/** `whole`, `previous` or `both`: one way alone keeps the other's garbage out of its figures. */
const WAY = values.way;
const CALLS = Number(values.calls);
/** Calls per row of figures. */
const WINDOW = 100;

/** A test-runner log of about 2k tokens, different every call (benchmarks/proxy-overhead.ts's). */
function output(call: number): string {
  const lines = [`$ pytest tests/test_case_${call}.py -v`];
  for (let i = 0; i < 90; i++)
    lines.push(`tests/test_case_${call}.py::test_${i}_${(call * 7919 + i) % 1000} PASSED [${i}%]`);
  return lines.join('\n');
}

type Block = Record<string, unknown>;
const history: Array<{ role: string; content: Block[] }> = [
  { role: 'user', content: [{ type: 'text', text: 'Run the whole test suite, case by case.' }] },
];
const parser = createBodyParser();
const whole: number[] = [];
const fromPrevious: number[] = [];
let bytes = 0;
let lastWhole: MessageParam[] | undefined;
let lastFromPrevious: MessageParam[] | undefined;
/** Breakpoints off, then the previous call's objects where equal: what the gardening does next. */
const matched = (previous: MessageParam[] | undefined, body: unknown, adopt: boolean) => {
  const parsed = (body as { messages: MessageParam[] }).messages;
  const taken = takeBreakpoints(parsed).messages;
  const out = reuseMessages(previous, taken);
  if (adopt) adoptMatched(parsed, taken, out);
  return out;
};
for (let n = 0; n < CALLS; n++) {
  // The client's breakpoint sits on the newest block only.
  const last = history[history.length - 1]!.content;
  last[last.length - 1] = { ...last[last.length - 1], cache_control: { type: 'ephemeral' } };
  const raw = Buffer.from(
    JSON.stringify({
      model: 'claude-sonnet-4-5',
      max_tokens: 1024,
      stream: true,
      metadata: { user_id: JSON.stringify({ session_id: 'bench-session' }) },
      system: [{ type: 'text', text: 'You are a coding agent.' }],
      messages: history,
    }),
  );
  delete last[last.length - 1]!['cache_control'];
  bytes = raw.length;
  let full: unknown;
  let parsed = '' as ReturnType<typeof parser.parse>;
  const wholeRun = () =>
    whole.push(
      cpu(() => {
        full = JSON.parse(raw.toString('utf8'));
        lastWhole = matched(lastWhole, full, false);
      }),
    );
  const previousRun = () =>
    fromPrevious.push(
      cpu(() => {
        parsed = parser.parse(raw);
        if (typeof parsed === 'string') return;
        parser.keep('bench', raw, parsed);
        lastFromPrevious = matched(lastFromPrevious, parsed.body, true);
      }),
    );
  // Alternating which goes first, so neither always finds the caches warm.
  for (const run of n % 2 ? [previousRun, wholeRun] : [wholeRun, previousRun])
    if (WAY === 'both' || (run === wholeRun) === (WAY === 'whole')) run();
  if (WAY === 'both' && (typeof parsed === 'string' || !isDeepStrictEqual(parsed.body, full)))
    throw new Error(`call ${n}: the two parses differ`);
  history.push({
    role: 'assistant',
    content: [{ type: 'tool_use', id: `t${n}`, name: 'Bash', input: { n } }],
  });
  history.push({
    role: 'user',
    content: [{ type: 'tool_result', tool_use_id: `t${n}`, content: output(n) }],
  });
}

const ms = (n: number) => n.toFixed(2);
/** p50 / p95 of a run of calls, or a dash for the way not measured. */
const figures = (run: number[]) =>
  run.length ? `${ms(percentile(run, 50))} / ${ms(percentile(run, 95))}` : '—';
console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(
      ' ',
    )} on ${os.cpus().length} CPUs · ${CALLS} calls, last body ${(bytes / 1e6).toFixed(1)} MB · CPU ms`,
);
console.log('parse + breakpoints off + match with the previous call');
console.log('calls        whole parse p50 / p95    from the previous body p50 / p95');
for (let start = 0; start < CALLS; start += WINDOW) {
  const a = whole.slice(start, start + WINDOW);
  const b = fromPrevious.slice(start, start + WINDOW);
  console.log(
    `${String(start + 1).padStart(4)}–${String(Math.min(start + WINDOW, CALLS)).padEnd(6)}  ${figures(a).padStart(15)}          ${figures(b)}`,
  );
}
