/**
 * Hook timing: the whole-process wall time of `gardener-hook post-tool-use` for a 10k-token log
 * result, side by side with a bare `node -e 0`, in paired runs (each round runs every variant once,
 * in rotating order), reporting medians and the median of the per-round ratios to `node -e 0`.
 * Variants: the light entry handing the hook to a running `gardener mcp` over its socket (the
 * plugin's normal case), the same through the full CLI (`gardener hook`), the light entry with no
 * server (GARDENER_HOOK_SERVER=0: the result is spooled for the next gardener with the engine
 * loaded), and the light entry doing the work in-process (no server, no spool). Runs are PACE_MS apart, as tool
 * calls are (a model turn lies between them), so the server has stored the previous result.
 *
 *   npm run build && npx tsx benchmarks/hook-timing.ts [--rounds 15]
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { defaultTokenizer } from '../src/core/tokens/tokenizer.js';

const root = resolve(import.meta.dirname, '..');
/** Pause between runs (outside the timed region): shorter than any model turn. */
const PACE_MS = 400;
const rounds = Number(process.argv[process.argv.indexOf('--rounds') + 1]) || 15;
if (!existsSync(join(root, 'dist/doors/claude-code/cli/hook-entry.js')))
  throw new Error('run `npm run build` first');

/** A server log of about 10k tokens (cl100k_base). */
function logResult(): string {
  const lines: string[] = [];
  for (let i = 0; i < 235; i++)
    lines.push(
      `2026-11-25T10:${String(Math.floor(i / 60) % 60).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}.123Z INFO  [worker-${i % 7}] request id=req-${String(i).padStart(5, '0')} GET /api/v1/items/${(i * 37) % 1000} status=200 duration=${i % 300}ms`,
    );
  return lines.join('\n');
}

const text = logResult();
const home = mkdtempSync(join(tmpdir(), 'gardener-hook-bench-'));
const env = { ...process.env, GARDENER_HOME: home, CLAUDE_PROJECT_DIR: home, XDG_RUNTIME_DIR: home };
let n = 0;
const payload = () =>
  JSON.stringify({
    session_id: 'hook-bench',
    transcript_path: join(home, 't.jsonl'),
    cwd: home,
    hook_event_name: 'PostToolUse',
    tool_name: 'Bash',
    tool_input: { command: `cat server-${n}.log` },
    // Each run stores a new result (a repeat would be deduplicated, which is cheaper).
    tool_response: { stdout: `run ${n++}\n${text}`, stderr: '', interrupted: false, isImage: false },
    tool_use_id: `toolu_bench_${n}`,
  });

const variants: Record<string, { args: string[]; env?: Record<string, string> }> = {
  'node -e 0': { args: ['-e', '0'] },
  'gardener-hook (server)': { args: [join(root, 'bin/gardener-hook'), 'post-tool-use'] },
  'gardener hook (server)': { args: [join(root, 'bin/gardener'), 'hook', 'post-tool-use'] },
  'gardener-hook (spooled, no server)': {
    args: [join(root, 'bin/gardener-hook'), 'post-tool-use'],
    env: { GARDENER_HOOK_SERVER: '0' },
  },
  'gardener-hook (in-process)': {
    args: [join(root, 'bin/gardener-hook'), 'post-tool-use'],
    env: { GARDENER_HOOK_SERVER: '0', GARDENER_HOOK_SPOOL: '0' },
  },
};

function timeOnce(variant: { args: string[]; env?: Record<string, string> }): number {
  const input = payload();
  const started = performance.now();
  const result = spawnSync(process.execPath, variant.args, { input, env: { ...env, ...variant.env } });
  const ms = performance.now() - started;
  if (result.status !== 0)
    throw new Error(`${variant.args.join(' ')} exited ${result.status}: ${result.stderr.toString()}`);
  return ms;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

const server = spawn(process.execPath, [join(root, 'bin/gardener'), 'mcp'], {
  env,
  stdio: ['pipe', 'ignore', 'inherit'],
});
await sleep(1_500);
const names = Object.keys(variants);
const times = Object.fromEntries(names.map((k) => [k, [] as number[]]));
try {
  for (const name of names) timeOnce(variants[name]!); // warm the file cache
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[(i + r) % names.length]!;
      times[name]!.push(timeOnce(variants[name]!));
      await sleep(PACE_MS);
    }
  }
} finally {
  server.stdin.end();
  server.kill();
}

console.log(
  `hook timing · post-tool-use · ${defaultTokenizer().count(text)}-token log result · ${rounds} paired rounds`,
);
console.log('variant                              median ms   median of paired ratios   ratio of medians');
const base = times['node -e 0']!;
for (const name of names) {
  const ratios = times[name]!.map((t, i) => t / base[i]!);
  const ofMedians = median(times[name]!) / median(base);
  console.log(
    `${name.padEnd(36)} ${median(times[name]!).toFixed(0).padStart(9)}   ${median(ratios).toFixed(2).padStart(22)}×   ${ofMedians.toFixed(2).padStart(15)}×`,
  );
}
rmSync(home, { recursive: true, force: true });
