/**
 * gardener's own time per call in `gardener chat`: sync + plan + render of each request (what a call
 * waits for; storing runs in slices while the model answers), over a scripted 200-call session
 * through the real controller, provider and the fake Messages API (tool outputs from generated
 * files: logs, code, greps). Target: p95 ≤ 50 ms.
 *
 * The fake answers at once; `--model-ms` makes each answer take that long, as a real model's does
 * (seconds), which is when the engine stores the new blocks. Both are run side by side.
 *
 * Also the input's price under the fake's prompt cache (which, like the API, reads a prefix only up
 * to a breakpoint an earlier request wrote): uncached + 1.25 × written + 0.1 × read tokens, with and
 * without the breakpoint at the compaction frontier (`--frontier on,off`).
 *
 *   npx tsx benchmarks/chat-calls.ts [--calls 200] [--budget 16000,100000] [--model-ms 0,150] [--frontier on,off]
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import type { Provider } from '../src/doors/kit/provider/types.js';
import { createChatController } from '../src/doors/chat/agent/chat-controller.js';
import { loadChat, saveChat } from '../src/doors/chat/agent/chat-sessions.js';
import { chatMarks } from '../src/doors/chat/agent/cache-send.js';
import { clientMark, type ClientMark } from '../src/core/cache/index.js';
import type { MessageParam, MessagesRequest } from '../src/core/transcript/types.js';
import { createAnthropicProvider } from '../src/doors/kit/provider/anthropic.js';
import { openStore } from '../src/core/store/open.js';
import { estimateInputTokens, startFakeAnthropic } from '../test/support/fake-anthropic/index.js';
import { NEEDLE, scriptedSession, writeProject } from '../test/doors/chat/agent/scripted-session.js';

const { values } = parseArgs({
  options: {
    calls: { type: 'string', default: '200' },
    budget: { type: 'string', default: '16000,100000' },
    'model-ms': { type: 'string', default: '0,150' },
    frontier: { type: 'string', default: 'on' },
  },
});
const frontiers = values.frontier.split(',').map((v) => v === 'on');
const calls = Number(values.calls);
const budgets = values.budget.split(',').map(Number);
const latencies = values['model-ms'].split(',').map(Number);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** The provider with each answer taking `ms` longer (a model thinking): a decorator. */
function slowed(provider: Provider, ms: number): Provider {
  if (ms === 0) return provider;
  return {
    async *stream(request, options) {
      const result = yield* provider.stream(request, options);
      await sleep(ms);
      return result;
    },
  };
}

/**
 * The chat's breakpoints as they were before the compaction frontier's: the tools, the system, the
 * message before the newest and the newest; they fill the API's 4, so the placer finds no room for
 * gardener's.
 */
function withoutFrontier(request: MessagesRequest, conversation: readonly MessageParam[]): ClientMark[] {
  const marks: ClientMark[] = [];
  if (request.tools?.length) marks.push({ message: 'tools', block: request.tools.length - 1 });
  const own = chatMarks(request, conversation);
  marks.push(...own.filter((mark) => mark.message === 'system'));
  const before = clientMark(conversation.slice(0, -1));
  if (before) marks.push(before);
  marks.push(...own.filter((mark) => typeof mark.message === 'number'));
  return marks;
}

async function run(budget: number, modelMs: number, frontier: boolean) {
  const root = mkdtempSync(join(os.tmpdir(), 'gardener-chat-bench-'));
  const cwd = join(root, 'work');
  mkdirSync(cwd);
  writeProject(cwd, 20);
  const { script, seen } = scriptedSession(calls, 20);
  const fake = await startFakeAnthropic({ script });
  const store = openStore({ path: join(root, 'bench.db'), redact: false });
  const figures: { ms: number; tokens: number; event: boolean }[] = [];
  const controller = createChatController({
    store,
    project: 'bench',
    session: 'chat-bench',
    model: 'claude-sonnet-4-6',
    budget,
    cwd,
    provider: slowed(
      createAnthropicProvider({ model: 'claude-sonnet-4-6', apiKey: 'bench', baseURL: fake.url }),
      modelMs,
    ),
    marks: frontier ? chatMarks : withoutFrontier,
    yes: true,
    onGardened: (f) => figures.push(f),
  });
  const started = performance.now();
  let answer = '';
  let outputs = 0;
  let cost = { usd: 0, unmanagedUsd: 0 };
  for await (const event of controller.run('Find out why the deploy failed.', new AbortController().signal)) {
    if (event.type === 'turn_end') answer = event.answer;
    if (event.type === 'usage') cost = event.cost;
    if (event.type === 'tool_result')
      outputs += estimateInputTokens({ messages: [{ role: 'user', content: event.output }] });
  }
  const wall = performance.now() - started;
  await controller.close();
  // The conversation is saved once per call (the record and the call's new messages): one such save
  // at the end of the session, and the size of the whole conversation stored.
  const scope = { project: 'bench', session: 'chat-bench' };
  const record = loadChat(store, scope)!;
  const saveStarted = performance.now();
  saveChat(store, scope, record, record.messages.length - 2);
  const saveMs = performance.now() - saveStarted;
  const storedMb = JSON.stringify(record).length / 1e6;
  const sizes = fake.requests.map((r) => estimateInputTokens(r.body));
  const peak = Math.max(...sizes);
  const overFrom = sizes.findIndex((tokens) => tokens > budget) + 1;
  const violations = fake.violations.length;
  let priced = 0;
  let read = 0;
  let input = 0;
  for (const request of fake.requests) {
    const usage = request.usage;
    if (!usage) continue;
    priced +=
      usage.input_tokens + 1.25 * usage.cache_creation_input_tokens + 0.1 * usage.cache_read_input_tokens;
    read += usage.cache_read_input_tokens;
    input += usage.input_tokens + usage.cache_creation_input_tokens + usage.cache_read_input_tokens;
  }
  store.close();
  await fake.close();
  rmSync(root, { recursive: true, force: true });
  const ms = figures.map((f) => f.ms).sort((a, b) => a - b);
  return {
    budget,
    modelMs,
    frontier,
    priced,
    readShare: read / Math.max(1, input),
    cost,
    calls: figures.length,
    events: figures.filter((f) => f.event).length,
    p50: percentile(ms, 50),
    p95: percentile(ms, 95),
    max: ms.at(-1) ?? NaN,
    outputs,
    peak,
    overFrom,
    saveMs,
    storedMb,
    violations,
    quoted: answer.includes(NEEDLE) && seen.inLastRequest,
    wallS: wall / 1000,
  };
}

const cpus = os.cpus();
console.log(
  `Machine: ${os.type()} ${os.release()} · ${cpus[0]?.model.trim() ?? '?'} × ${cpus.length} · Node ${process.version}`,
);
console.log(
  `Scripted session: ${calls} calls (bash cat of logs, read of modules, grep + cat), fake API on 127.0.0.1\n`,
);
console.log('Tokenizer and grammars load on the first call (its time is in max, not in p95).\n');
console.log(
  '| budget | model ms | frontier mark | calls | events | p50 ms | p95 ms | max ms | tool output tokens | peak request | over budget from call | save per call ms (stored MB) | violations | first output quoted | cache-priced input | cache read share | $ spent vs unmanaged | wall s |',
);
console.log('|---:|---:|:---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|:---:|---:|---:|---:|---:|');
for (const budget of budgets)
  for (const modelMs of latencies)
    for (const frontier of frontiers) {
      const r = await run(budget, modelMs, frontier);
      console.log(
        `| ${r.budget.toLocaleString('en')} | ${r.modelMs} | ${r.frontier ? 'on' : 'off'} | ${r.calls} | ${r.events} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.max.toFixed(1)} | ${r.outputs.toLocaleString('en')} | ${r.peak.toLocaleString('en')} | ${r.overFrom === 0 ? '–' : r.overFrom} | ${r.saveMs.toFixed(1)} (${r.storedMb.toFixed(1)}) | ${r.violations} | ${r.quoted ? 'yes' : 'no'} | ${Math.round(r.priced).toLocaleString('en')} | ${(100 * r.readShare).toFixed(0)}% | ${r.cost.usd.toFixed(2)} vs ${r.cost.unmanagedUsd.toFixed(2)} | ${r.wallS.toFixed(1)} |`,
      );
    }
