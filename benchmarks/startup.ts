/**
 * Short processes against `node -e 0` (issue 25): the whole-process wall time of `gardener --version`,
 * `--help`, `gardener recall` with hits, and the plugin's hooks with no server running, in paired
 * rounds (each round runs every variant once, in rotating order), medians and the median of the
 * per-round ratios to `node -e 0`.
 *
 *   npm run build && npx tsx benchmarks/startup.ts [--rounds 15] [--against DIR] [--cpu] [--only REGEX]
 *
 * `--against DIR` times every variant also with the build in DIR (another checkout, built), in the
 * same rounds, so two builds are compared side by side. `--cpu` reports each process's CPU time
 * (user + system, all its threads, read as it exits) instead of wall time: steadier than wall time
 * when other jobs load the machine. `--only REGEX` times only the variants whose name matches (and
 * `node -e 0`, the base of every ratio).
 * The store is a fresh temp one holding 40 generated tool results (ingested once, before timing).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const root = resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '15' },
    against: { type: 'string' },
    cpu: { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});
const rounds = Number(values.rounds);
if (!existsSync(join(root, 'dist/doors/claude-code/cli/hook-entry.js')))
  throw new Error('run `npm run build` first');

const home = mkdtempSync(join(tmpdir(), 'gardener-startup-'));
const env = {
  ...process.env,
  GARDENER_HOME: home,
  CLAUDE_PROJECT_DIR: home,
  XDG_RUNTIME_DIR: home,
  GARDENER_HOOK_SERVER: '0',
};
const cli = join(root, 'bin/gardener');
const hook = join(root, 'bin/gardener-hook');
const other = values.against === undefined ? undefined : resolve(values.against);
if (other !== undefined && !existsSync(join(other, 'dist/doors/claude-code/cli/hook-entry.js')))
  throw new Error(`${other} has no build (dist/doors/claude-code/cli/hook-entry.js)`);

/** A session of 40 tool results (build logs) to recall from. */
function session(): string {
  const messages: unknown[] = [{ role: 'user', content: 'Find why the vat check of batch 1612 fails.' }];
  for (let i = 0; i < 40; i++) {
    const id = `toolu_${i}`;
    const log = Array.from({ length: 120 }, (_, k) =>
      k === 60 && i % 5 === 0
        ? `ERROR vat_check batch ${1600 + i} expected 20.00 got 19.00 in src/vat_${i}.ts`
        : `INFO job ${i} step ${k} of ${120} ok (${k * 13} ms)`,
    ).join('\n');
    messages.push({
      role: 'assistant',
      content: [{ type: 'tool_use', id, name: 'Bash', input: { command: `make job${i}` } }],
    });
    messages.push({ role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: log }] });
  }
  messages.push({ role: 'assistant', content: 'Done.' });
  return JSON.stringify({ messages });
}

const file = join(home, 'session.json');
writeFileSync(file, session());
const ingest = spawnSync(process.execPath, [cli, 'ingest', file, '--project', home], { env });
if (ingest.status !== 0) throw new Error(`ingest failed: ${ingest.stderr.toString()}`);

let n = 0;
const hookPayload = (extra: Record<string, unknown>) =>
  JSON.stringify({
    session_id: 'startup-bench',
    transcript_path: join(home, 't.jsonl'),
    cwd: home,
    ...extra,
  });

/** A tool result of about 2,000 tokens (a test run's log), new each run. */
function toolPayload(): string {
  const log = Array.from(
    { length: 150 },
    (_, k) => `PASS tests/test_${k % 23}.py::test_case_${k} (${k * 3} ms)`,
  );
  return hookPayload({
    hook_event_name: 'PostToolUse',
    tool_name: 'Bash',
    tool_input: { command: `pytest -v # run ${n}` },
    tool_response: {
      stdout: `run ${n++}\n${log.join('\n')}`,
      stderr: '',
      interrupted: false,
      isImage: false,
    },
    tool_use_id: `toolu_startup_${n}`,
  });
}

interface Variant {
  args: string[];
  input?: () => string;
  env?: Record<string, string>;
}

const variants: Record<string, Variant> = {
  'node -e 0': { args: ['-e', '0'] },
  'gardener --version': { args: [cli, '--version'] },
  'gardener --help': { args: [cli, '--help'] },
  'gardener recall (hits)': { args: [cli, 'recall', 'vat check batch failure', '--project', home] },
  'gardener-hook user-prompt-submit': {
    args: [hook, 'user-prompt-submit'],
    input: () =>
      hookPayload({ hook_event_name: 'UserPromptSubmit', prompt: `why does the vat check fail? (${n++})` }),
  },
  'gardener-hook session-start': {
    args: [hook, 'session-start'],
    input: () => hookPayload({ hook_event_name: 'SessionStart', source: 'startup' }),
  },
  'gardener-hook post-tool-use (spooled)': { args: [hook, 'post-tool-use'], input: () => toolPayload() },
  'gardener-hook post-tool-use (in-process)': {
    args: [hook, 'post-tool-use'],
    input: () => toolPayload(),
    env: { GARDENER_HOOK_SPOOL: '0' },
  },
};
if (values.only !== undefined) {
  const only = new RegExp(values.only);
  for (const name of Object.keys(variants))
    if (name !== 'node -e 0' && !only.test(name)) delete variants[name];
}
if (other !== undefined)
  for (const [name, variant] of Object.entries(variants)) {
    if (name === 'node -e 0') continue;
    const args = variant.args.map((arg) =>
      arg.startsWith(root) ? join(other, arg.slice(root.length)) : arg,
    );
    variants[`${name} [against]`] = { ...variant, args };
  }

/** Prints the process's CPU milliseconds on stderr as it exits (`--cpu`). */
const CPU_AT_EXIT = `data:text/javascript,${encodeURIComponent(
  `process.on('exit', () => { const u = process.cpuUsage(); process.stderr.write('\\nCPU ' + (u.user + u.system) / 1000 + '\\n'); });`,
)}`;

function timeOnce(variant: Variant): number {
  const started = performance.now();
  const args = values.cpu ? ['--import', CPU_AT_EXIT, ...variant.args] : variant.args;
  const result = spawnSync(process.execPath, args, {
    input: variant.input?.() ?? '',
    env: { ...env, ...variant.env },
  });
  const ms = performance.now() - started;
  if (result.status !== 0)
    throw new Error(`${variant.args.join(' ')} exited ${result.status}: ${result.stderr.toString()}`);
  if (!values.cpu) return ms;
  const cpu = /\nCPU ([\d.]+)\n/.exec(result.stderr.toString());
  if (!cpu) throw new Error(`${variant.args.join(' ')} reported no CPU time`);
  return Number(cpu[1]);
}

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

const names = Object.keys(variants);
const times = Object.fromEntries(names.map((k) => [k, [] as number[]]));
for (const name of names) timeOnce(variants[name]!); // warm the file cache
for (let r = 0; r < rounds; r++) {
  for (let i = 0; i < names.length; i++) {
    const name = names[(i + r) % names.length]!;
    times[name]!.push(timeOnce(variants[name]!));
  }
}

console.log(
  `start-up · ${rounds} paired rounds · ${values.cpu ? 'CPU ms' : 'wall ms'} · node ${process.version}${other ? ` · [against] = ${other}` : ''}`,
);
console.log(
  'variant                                            median ms   median of paired ratios   ratio of medians',
);
const base = times['node -e 0']!;
for (const name of names) {
  const ratios = times[name]!.map((t, i) => t / base[i]!);
  console.log(
    `${name.padEnd(50)} ${median(times[name]!).toFixed(0).padStart(9)}   ${median(ratios).toFixed(2).padStart(22)}×   ${(median(times[name]!) / median(base)).toFixed(2).padStart(15)}×`,
  );
}
rmSync(home, { recursive: true, force: true });
