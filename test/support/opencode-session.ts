import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RecordedRequest, ScriptStep, StandingReply } from './fake-anthropic/index.js';
import { requestText } from './fake-anthropic/index.js';
import type { Json } from './fake-anthropic/types.js';

/**
 * A scripted opencode session: the model prints a few test reports, then the application's log, a
 * large one (about 21k tokens) holding one error line that the answer needs. Through `gardener proxy`
 * at a small budget, the log does not fit whole at its first send.
 */
export interface OpencodeWorld {
  dir: string;
  work: string;
  home: string;
  reports: number;
  needle: string;
}

/** What the model saw of the session, filled in as it runs. */
export interface OpencodeSeen {
  /** The log's tool result as the model first read it. */
  logFirstSent?: string;
  /** The needle was in the request that asked for the answer. */
  needleInContext?: boolean;
}

const REPORT_LINES = 90;
const LOG_LINES = 1_800;

export function buildOpencodeWorld(reports = 14): OpencodeWorld {
  const dir = mkdtempSync(join(process.env['TMPDIR'] ?? '/tmp', 'gardener-opencode-'));
  const work = join(dir, 'work');
  const home = join(dir, 'home');
  for (const sub of ['reports', 'logs']) mkdirSync(join(work, sub), { recursive: true });
  mkdirSync(home, { recursive: true });
  for (let r = 0; r < reports; r++) {
    const lines = [`== test report ${r} ==`];
    for (let n = 0; n < REPORT_LINES; n++)
      lines.push(
        `tests/test_ledger_${r}.py::test_case_${n} ${n % 41 === 7 ? 'FAILED' : 'PASSED'} (${(n * 0.013).toFixed(3)}s)`,
      );
    writeFileSync(join(work, 'reports', `r${r}.txt`), `${lines.join('\n')}\n`);
  }
  const needle = 'QX-77311-LEDGER';
  const log: string[] = [];
  for (let n = 0; n < LOG_LINES; n++) {
    if (n === 1_234) log.push(`2026-12-01T10:20:34Z ERROR worker-3 ledger.commit failed: code ${needle}`);
    log.push(
      `2026-12-01T10:${String(n % 60).padStart(2, '0')}:00Z INFO worker-${n % 7} handled job=${10_000 + n} rows=${(n * 37) % 5_000} in ${(n * 13) % 900}ms`,
    );
  }
  writeFileSync(join(work, 'logs', 'app.log'), `${log.join('\n')}\n`);
  return { dir, work, home, reports, needle };
}

/** opencode's main loop: its tools are on the request (its title requests carry none). */
function mainLoop(request: RecordedRequest): boolean {
  return Array.isArray(request.body?.tools) && request.body.tools.length > 0;
}

/** Titles and other side requests: answered without using up the script. */
export const opencodeSideReplies: StandingReply[] = [{ match: (r) => !mainLoop(r), reply: 'Session' }];

function lastToolResultText(request: RecordedRequest): string {
  const messages: Json[] = request.body?.messages ?? [];
  for (let m = messages.length - 1; m >= 0; m--) {
    const content = messages[m].content;
    if (!Array.isArray(content)) continue;
    const result = [...content].reverse().find((block: Json) => block.type === 'tool_result');
    if (result)
      return typeof result.content === 'string'
        ? String(result.content)
        : (result.content as Json[]).map((part) => String(part.text ?? '')).join('\n');
  }
  return '';
}

const bash = (command: string) => ({
  content: [{ type: 'tool_use' as const, name: 'bash', input: { command, description: 'Show a file' } }],
});

export function opencodeScript(world: OpencodeWorld, seen: OpencodeSeen): ScriptStep[] {
  const steps: ScriptStep[] = [];
  for (let r = 0; r < world.reports; r++)
    steps.push({ match: mainLoop, reply: bash(`cat reports/r${r}.txt`) });
  steps.push({ match: mainLoop, reply: bash('cat logs/app.log') });
  steps.push({
    match: mainLoop,
    reply: (request) => {
      seen.logFirstSent = lastToolResultText(request);
      seen.needleInContext = requestText(request).includes(world.needle);
      return seen.needleInContext ? `The ledger commit failed with code ${world.needle}.` : 'No code found.';
    },
  });
  return steps;
}
