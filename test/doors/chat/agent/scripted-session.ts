import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  requestText,
  textReply,
  toolReply,
  type RecordedRequest,
  type ScriptStep,
} from '../../../support/fake-anthropic/index.js';

/** The string the first tool output carries, that the last answer must quote. */
export const NEEDLE = 'ERR_TOKEN_SKEW quartz-7f3a-1129';

/** A small deterministic generator (mulberry32), so every run writes the same files. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = [
  'cache',
  'ledger',
  'invoice',
  'worker',
  'queue',
  'shard',
  'session',
  'token',
  'rate',
  'batch',
  'retry',
  'vat',
  'export',
  'parser',
];

function logFile(seed: number, lines: number, needleAt?: number): string {
  const next = random(seed);
  const out: string[] = [];
  for (let i = 0; i < lines; i++) {
    const word = WORDS[Math.floor(next() * WORDS.length)]!;
    const level = next() < 0.05 ? 'WARN' : 'INFO';
    out.push(
      `2026-11-25T10:${String(Math.floor(i / 60) % 60).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}Z ${level} ${word}-service worker=${Math.floor(next() * 64)} handled ${word} request id=${Math.floor(next() * 1e6)} in ${Math.floor(next() * 900)}ms`,
    );
    if (i === needleAt)
      out.push(
        `2026-11-25T10:00:00Z ERROR deploy failed: ${NEEDLE} (clock skew between signer and verifier)`,
      );
  }
  return `${out.join('\n')}\n`;
}

function codeFile(seed: number, functions: number): string {
  const next = random(seed);
  const out = ['"""Generated module for the chat benchmark."""', 'from decimal import Decimal', ''];
  for (let f = 0; f < functions; f++) {
    const word = WORDS[Math.floor(next() * WORDS.length)]!;
    out.push(`def ${word}_step_${seed}_${f}(items, rate=Decimal("0.${Math.floor(next() * 90) + 10}")):`);
    out.push(`    """Apply the ${word} rule to every item and return the totals."""`);
    out.push('    total = Decimal(0)');
    out.push('    for item in items:');
    out.push(`        if item.kind == "${word}":`);
    out.push(`            total += item.amount * rate  # ${word} path ${Math.floor(next() * 1000)}`);
    out.push('        else:');
    out.push(`            total += item.amount - Decimal("${(next() * 10).toFixed(2)}")`);
    out.push('    return total.quantize(Decimal("0.01"))');
    out.push('');
  }
  return out.join('\n');
}

/** Writes the files the scripted session reads: logs/ (one with the needle) and src/. */
export function writeProject(cwd: string, count: number): void {
  mkdirSync(join(cwd, 'logs'), { recursive: true });
  mkdirSync(join(cwd, 'src'), { recursive: true });
  writeFileSync(join(cwd, 'logs', 'deploy.log'), logFile(1, 260, 130));
  for (let i = 0; i < count; i++) {
    writeFileSync(join(cwd, 'logs', `worker-${i}.log`), logFile(100 + i, 260));
    writeFileSync(join(cwd, 'src', `module_${i}.py`), codeFile(200 + i, 40));
  }
}

/** The tool call of step `i` (0 reads the log with the needle; then logs, modules and greps in turn). */
function toolStep(i: number, files: number): ScriptStep {
  if (i === 0)
    return toolReply('bash', { command: 'cat logs/deploy.log' }, { text: 'Reading the deploy log first.' });
  const n = Math.floor(i / 3) % files;
  switch (i % 3) {
    case 0:
      return toolReply('bash', { command: `cat logs/worker-${n}.log` });
    case 1:
      return toolReply('read', { path: `src/module_${n}.py` });
    default:
      return toolReply('bash', {
        command: `grep -n "return total" src/module_${n}.py && cat logs/worker-${(n + 1) % files}.log`,
      });
  }
}

/**
 * A session of `calls` model calls: tool calls with big outputs, then the model asks recall for the
 * first output's error, and the last answer quotes the needle if the request holds it (in context,
 * injected, or as the recall result) — or says it could not find it.
 */
export function scriptedSession(
  calls: number,
  files: number,
): { script: ScriptStep[]; seen: { inLastRequest: boolean; beforeRecall: boolean } } {
  const seen = { inLastRequest: false, beforeRecall: false };
  const script: ScriptStep[] = [];
  for (let i = 0; i < calls - 2; i++) script.push(toolStep(i, files));
  script.push({
    reply: (request: RecordedRequest) => {
      seen.beforeRecall = requestText(request).includes(NEEDLE);
      return {
        content: [
          { type: 'tool_use', name: 'recall', input: { query: 'deploy failed clock skew signer verifier' } },
        ],
      };
    },
  });
  script.push({
    reply: (request: RecordedRequest) => {
      seen.inLastRequest = requestText(request).includes(NEEDLE);
      return seen.inLastRequest
        ? `The deploy failed with ${NEEDLE}.`
        : 'I could not find the deploy error any more.';
    },
  });
  return { script, seen };
}

export { textReply };
