/**
 * Chat TUI figures (issue 11): `npx tsx benchmarks/tui-render.ts [chunks]`
 *
 * 1. First paint: from Ink's render() of the chat app to the first frame written, warm (modules
 *    loaded; median and p95 of 20 mounts, with no history and with a resumed session of 200 items),
 *    and cold: a fresh `node` loading the built TUI from dist/ (run `npm run build` first; skipped
 *    without it), from process start and from its first import (wall), and the process's CPU time
 *    by then; median of 5 processes.
 * 2. Streamed chunk: a turn streams `chunks` text deltas (default 600), each followed by a pressure
 *    event; for each, the time from the event leaving the controller to its frame being written.
 *    Ink's frame throttle is off (maxFps 0) so every event is drawn: the worst case; the real TUI
 *    draws at most 30 frames a second.
 *
 * Pressure reports are real: a garden at budget 16k replaying the longest built-in session.
 */
import { execFileSync } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { HistoryItem } from '../src/doors/chat/agent/controller.js';
import type { AgentEvent } from '../src/doors/chat/agent/events.js';
import type { PressureReport } from '../src/core/garden/plan/pressure.js';
import { scriptedController, type ScriptedTurn } from '../test/doors/chat/tui/support/scripted-controller.js';

// As runChatTui does: React's production build (set before React loads).
process.env['NODE_ENV'] ??= 'production';

const CHUNKS = Number(process.argv[2] ?? 600);
const COLD_RUNS = 5;
/** What `gardener chat` loads when built: the TUI bundled with Ink and React (scripts/bundle-tui.mjs). */
const DIST_APP = path.resolve(import.meta.dirname, '../dist/doors/chat/tui/chat-tui.bundle.js');
const MOUNTS = 20;
const COLUMNS = 120;

/** A terminal for Ink: records when each frame is written. */
class FakeTerminal extends EventEmitter {
  columns = COLUMNS;
  rows = 40;
  isTTY = true;
  writes: number[] = [];
  /** CPU microseconds (user + system) of this process at each write. */
  cpu: number[] = [];
  write = (_chunk: string) => {
    this.writes.push(performance.now());
    const usage = process.cpuUsage();
    this.cpu.push(usage.user + usage.system);
    return true;
  };
}

/** Keyboard input for Ink: never types. */
class FakeKeyboard extends EventEmitter {
  isTTY = true;
  setRawMode() {}
  setEncoding() {}
  resume() {}
  pause() {}
  ref() {}
  unref() {}
  read() {
    return null;
  }
}

async function realReports(): Promise<PressureReport[]> {
  const { builtinSessions } = await import('../src/doors/bench/builtin/index.js');
  const { openGarden } = await import('../src/core/garden/index.js');
  const { openStore } = await import('../src/core/store/open.js');
  const folder = mkdtempSync(path.join(tmpdir(), 'gardener-tui-bench-'));
  const store = openStore({ path: path.join(folder, 'tui.db') });
  const session = builtinSessions().sort((a, b) => b.messages.length - a.messages.length)[0]!;
  const garden = openGarden({ store, session: { project: 'tui-bench', session: 's' }, budget: 16_000 });
  const reports: PressureReport[] = [];
  for (let end = 2; end <= session.messages.length; end++) {
    if (session.messages[end - 1]?.role !== 'user') continue;
    garden.sync({ ...session, messages: session.messages.slice(0, end) });
    garden.plan({ strict: false });
    garden.render();
    reports.push(garden.pressure());
  }
  garden.close();
  store.close();
  rmSync(folder, { recursive: true, force: true });
  return reports;
}

function history(items: number): HistoryItem[] {
  return Array.from({ length: items }, (_, i): HistoryItem =>
    i % 3 === 0
      ? { role: 'user', text: `step ${i}: run the failing test again and read the stack trace` }
      : i % 3 === 1
        ? { role: 'tool', tool: 'bash', text: `FAIL src/vat.test.ts\n${'  at line\n'.repeat(20)}` }
        : {
            role: 'assistant',
            text: `The rounding happens before the sum; moving it after fixes case ${i}.`,
          },
  );
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] ?? 0;
};
const ms = (n: number) => `${n.toFixed(2)} ms`;

async function firstPaint(reports: PressureReport[], items: number): Promise<number> {
  const [{ render }, { createElement }, { ChatApp }, { createApprovalBridge }] = await Promise.all([
    import('ink'),
    import('react'),
    import('../src/doors/chat/tui/components/chat-app.js'),
    import('../src/doors/chat/tui/approval-bridge.js'),
  ]);
  const start = performance.now();
  const stdout = new FakeTerminal();
  const controller = scriptedController({ history: history(items), pressure: reports[reports.length - 1]! });
  const app = render(createElement(ChatApp, { controller, bridge: createApprovalBridge() }), {
    stdout: stdout as unknown as NodeJS.WriteStream,
    stdin: new FakeKeyboard() as unknown as NodeJS.ReadStream,
    exitOnCtrlC: false,
    patchConsole: false,
  });
  while (stdout.writes.length === 0) await new Promise((resolve) => setImmediate(resolve));
  const paint = stdout.writes[0]! - start;
  app.unmount();
  app.cleanup();
  return paint;
}

interface Timings {
  wall: number[];
  cpu: number[];
}

async function streaming(
  reports: PressureReport[],
): Promise<{ text: Timings; footer: Timings; frames: number }> {
  const [{ render }, { createElement }, { ChatApp }, { createApprovalBridge }] = await Promise.all([
    import('ink'),
    import('react'),
    import('../src/doors/chat/tui/components/chat-app.js'),
    import('../src/doors/chat/tui/approval-bridge.js'),
  ]);
  const stdout = new FakeTerminal();
  const text: Timings = { wall: [], cpu: [] };
  const footer: Timings = { wall: [], cpu: [] };
  const timed = async function* (events: AgentEvent[], into: Timings) {
    for (const event of events) {
      const before = stdout.writes.length;
      const usage = process.cpuUsage();
      const t0 = performance.now();
      yield event;
      while (stdout.writes.length === before) await new Promise((resolve) => setImmediate(resolve));
      into.wall.push(stdout.writes[before]! - t0);
      into.cpu.push((stdout.cpu[before]! - usage.user - usage.system) / 1000);
    }
  };
  let done!: () => void;
  const finished = new Promise<void>((resolve) => (done = resolve));
  const turn: ScriptedTurn = async function* () {
    for (let i = 0; i < CHUNKS; i++) {
      const report = reports[i % reports.length]!;
      const delta = i % 12 === 11 ? ' rounding.\n' : ` word${i} and`;
      yield* timed([{ type: 'text_delta', text: delta }], text);
      const streamed = { ...report, calibrated_tokens: report.calibrated_tokens + i * 4 };
      yield* timed([{ type: 'pressure', pressure: streamed }], footer);
    }
    done();
  };
  const controller = scriptedController({ turns: [turn], history: history(200), pressure: reports[0]! });
  const app = render(
    createElement(ChatApp, { controller, bridge: createApprovalBridge(), initialPrompt: 'fix the VAT test' }),
    {
      stdout: stdout as unknown as NodeJS.WriteStream,
      stdin: new FakeKeyboard() as unknown as NodeJS.ReadStream,
      exitOnCtrlC: false,
      patchConsole: false,
      maxFps: 0,
    },
  );
  await finished;
  const frames = stdout.writes.length;
  app.unmount();
  app.cleanup();
  return { text, footer, frames };
}

/** A fresh process that loads the built TUI and paints it once: ms from process start and from its first import. */
const COLD_CHILD = `
const t0 = performance.now();
process.env.NODE_ENV = 'production';
const { EventEmitter } = await import('node:events');
const { render, createElement, ChatApp, createApprovalBridge } = await import(process.env.APP);
const out = Object.assign(new EventEmitter(), { columns: 120, rows: 40, isTTY: true, write() {
  const cpu = process.cpuUsage();
  process.stdout.write('PAINT' + JSON.stringify({ fromStart: performance.now(), fromImport: performance.now() - t0, cpu: (cpu.user + cpu.system) / 1000 }) + '\\n');
  process.exit(0);
} });
const input = Object.assign(new EventEmitter(), { isTTY: true, setRawMode() {}, setEncoding() {}, resume() {}, pause() {}, ref() {}, unref() {}, read: () => null });
const zero = { usd: 0, unmanagedUsd: 0 };
const controller = { info: () => ({ id: 's', model: 'm', budget: 16000, cwd: '/' }), pressure: () => JSON.parse(process.env.REPORT),
  cost: () => zero, history: () => [], commands: () => [], run: async function* () {}, command: async () => ({ kind: 'exit' }), close: async () => {} };
render(createElement(ChatApp, { controller, bridge: createApprovalBridge() }), { stdout: out, stdin: input, exitOnCtrlC: false, patchConsole: false });
`;

function coldPaints(report: PressureReport): { fromStart: number; fromImport: number; cpu: number }[] {
  if (!existsSync(DIST_APP)) return [];
  return Array.from({ length: COLD_RUNS }, () => {
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', COLD_CHILD], {
      cwd: path.dirname(DIST_APP),
      env: { ...process.env, APP: DIST_APP, REPORT: JSON.stringify(report) },
      encoding: 'utf8',
    });
    const line = /PAINT(\{.*\})/.exec(output)?.[1];
    if (!line) throw new Error(`the cold paint process printed no figure: ${output}`);
    return JSON.parse(line) as { fromStart: number; fromImport: number; cpu: number };
  });
}

const reports = await realReports();
const cold = coldPaints(reports[reports.length - 1]!);
async function warm(items: number): Promise<number[]> {
  await firstPaint(reports, items);
  const xs: number[] = [];
  for (let i = 0; i < MOUNTS; i++) xs.push(await firstPaint(reports, items));
  return xs;
}
const empty = await warm(0);
const resumed = await warm(200);
const stream = await streaming(reports);

const row = (label: string, xs: number[]) =>
  `${label.padEnd(44)} median ${ms(quantile(xs, 0.5)).padStart(9)}  p95 ${ms(quantile(xs, 0.95)).padStart(9)}  max ${ms(Math.max(...xs)).padStart(9)}`;
process.stdout.write(
  [
    `chat TUI, ${COLUMNS} columns, React ${process.env['NODE_ENV']} build; ${reports.length} real pressure reports (budget 16k)`,
    cold.length === 0
      ? 'first paint, cold: skipped (no dist/; run npm run build)'
      : `${row(
          `first paint, cold from process start (${cold.length} runs)`,
          cold.map((c) => c.fromStart),
        )}\n${row(
          'first paint, cold from the first import',
          cold.map((c) => c.fromImport),
        )}\n${row(
          'first paint, cold, CPU of the whole process',
          cold.map((c) => c.cpu),
        )}   (bar ≤ 300 ms)`,
    row(`first paint, warm, empty session (${MOUNTS} mounts)`, empty),
    row(`first paint, warm, 200 history items`, resumed),
    row(`text chunk → frame, wall (${stream.text.wall.length} chunks)`, stream.text.wall),
    row(`text chunk → frame, CPU`, stream.text.cpu),
    row(`footer update → frame, wall (${stream.footer.wall.length} events)`, stream.footer.wall),
    row(`footer update → frame, CPU`, stream.footer.cpu),
    `frames written while streaming: ${stream.frames}; bar: footer update ≤ 16 ms per chunk`,
    '',
  ].join('\n'),
);
