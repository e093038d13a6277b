/**
 * Importer figures on the recorded sessions (../shared/sessions, or a folder given as argument):
 * per format, files / transcripts / messages / repairs, and parse throughput on the largest files
 * (median of repeated runs of detect + parse on text already in memory), plus a synthetic long
 * Claude Code log to show how parsing scales.
 *
 *   npx tsx benchmarks/importers.ts [sessions-folder] [--synthetic-mb 32]
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isGardenerError } from '../src/errors.js';
import { detect } from '../src/core/transcript/detect.js';
import { claudeCodeImporter } from '../src/core/transcript/formats/claude-code.js';
import { clearJsonCache } from '../src/core/transcript/formats/json-input.js';
import { readInput } from '../src/core/transcript/read-input.js';
import { readSessionPaths } from '../src/core/transcript/session-paths.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const syntheticIndex = args.indexOf('--synthetic-mb');
const syntheticMb = syntheticIndex === -1 ? 32 : Number(args[syntheticIndex + 1]);
const folder =
  args.find((a, i) => !a.startsWith('--') && i !== syntheticIndex + 1) ??
  path.resolve(here, '../../shared/sessions');
/** Runs per timed file; the median is reported. */
const RUNS = 7;
const MB = 1024 * 1024;

interface FormatStats {
  files: number;
  bytes: number;
  transcripts: number;
  messages: number;
  repairs: number;
  repairKinds: Record<string, number>;
  largest: { file: string; bytes: number };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function timeParse(text: string, file: string): number {
  const times: number[] = [];
  detect(text, file).importer.parse(text, { source: file }); // warm-up, not timed
  for (let i = 0; i < RUNS; i++) {
    clearJsonCache();
    const start = performance.now();
    detect(text, file).importer.parse(text, { source: file });
    times.push(performance.now() - start);
  }
  return median(times);
}

const sessions = await readSessionPaths([folder]);
const stats = new Map<string, FormatStats>();
const skipped: string[] = [];
const wallStart = performance.now();
for (const session of sessions) {
  let result;
  try {
    result = await readInput(session.path);
  } catch (error) {
    if (!isGardenerError(error)) throw error;
    skipped.push(`${path.relative(folder, session.path)}: ${error.message.split(': ').slice(1).join(': ')}`);
    continue;
  }
  const bytes = statSync(session.path).size + session.subagents.reduce((n, s) => n + statSync(s).size, 0);
  const s = stats.get(result.format) ?? {
    files: 0,
    bytes: 0,
    transcripts: 0,
    messages: 0,
    repairs: 0,
    repairKinds: {},
    largest: { file: '', bytes: 0 },
  };
  s.files += 1 + session.subagents.length;
  s.bytes += bytes;
  s.transcripts += result.transcripts.length;
  for (const t of result.transcripts) {
    s.messages += t.messages.length;
    s.repairs += typeof t.meta?.['repairs'] === 'number' ? t.meta['repairs'] : 0;
    for (const [kind, n] of Object.entries((t.meta?.['repairKinds'] ?? {}) as Record<string, number>))
      s.repairKinds[kind] = (s.repairKinds[kind] ?? 0) + n;
  }
  if (statSync(session.path).size > s.largest.bytes)
    s.largest = { file: session.path, bytes: statSync(session.path).size };
  stats.set(result.format, s);
}
const wallMs = performance.now() - wallStart;

console.log(`sessions: ${folder}`);
console.log(
  `node ${process.version}, ${process.platform} ${process.arch}; median of ${RUNS} runs after a warm-up (detect + parse, text in memory)\n`,
);
console.log(
  'format          files  MB     transcripts  messages  repairs  largest file (MB)  parse ms  MB/s',
);
let totalBytes = 0;
for (const [format, s] of [...stats].sort((a, b) => b[1].bytes - a[1].bytes)) {
  totalBytes += s.bytes;
  const text = readFileSync(s.largest.file, 'utf8');
  const ms = timeParse(text, s.largest.file);
  const mb = s.largest.bytes / MB;
  console.log(
    `${format.padEnd(15)} ${String(s.files).padStart(5)}  ${(s.bytes / MB).toFixed(2).padStart(5)}  ${String(s.transcripts).padStart(11)}  ${String(s.messages).padStart(8)}  ${String(s.repairs).padStart(7)}  ${mb.toFixed(2).padStart(17)}  ${ms.toFixed(1).padStart(8)}  ${(mb / (ms / 1000)).toFixed(0).padStart(4)}`,
  );
  if (s.repairs > 0) console.log(`${''.padEnd(15)} repairs: ${JSON.stringify(s.repairKinds)}`);
}
console.log(
  `\nwhole set: ${(totalBytes / MB).toFixed(1)} MB read + detected + parsed + validated-by-construction in ${wallMs.toFixed(0)} ms (${(totalBytes / MB / (wallMs / 1000)).toFixed(1)} MB/s, one pass, cold)`,
);
console.log(`skipped ${skipped.length} files:`);
const reasons = new Map<string, number>();
for (const s of skipped) {
  const reason = s.replace(/^[^:]+: /, '');
  reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
}
for (const [reason, n] of reasons) console.log(`  ${n} × ${reason}`);

// Synthetic: the largest Claude Code log repeated into one long chain of about N MB.
const ccLargest = stats.get('claude-code')?.largest.file;
if (ccLargest && syntheticMb > 0) {
  const lines = readFileSync(ccLargest, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
  const out: string[] = [];
  let copy = 0;
  let lastUuid: string | null = null;
  let size = 0;
  while (size < syntheticMb * MB) {
    const suffix = `-c${copy}`;
    let copyLast: string | null = lastUuid;
    for (const line of lines) {
      const entry = JSON.parse(line) as Record<string, unknown>;
      if (typeof entry['uuid'] === 'string') {
        entry['uuid'] += suffix;
        entry['parentUuid'] =
          typeof entry['parentUuid'] === 'string' ? entry['parentUuid'] + suffix : lastUuid;
        if (entry['type'] === 'user' || entry['type'] === 'assistant') copyLast = entry['uuid'];
      }
      const text = JSON.stringify(entry).replace(/"(toolu_[A-Za-z0-9]+|msg_[A-Za-z0-9]+)"/g, `"$1${suffix}"`);
      out.push(text);
      size += text.length + 1;
    }
    lastUuid = copyLast;
    copy += 1;
  }
  const text = out.join('\n') + '\n';
  const mb = Buffer.byteLength(text) / MB;
  const times: number[] = [];
  let messages = 0;
  for (let i = 0; i < 3; i++) {
    clearJsonCache();
    const start = performance.now();
    const [t] = claudeCodeImporter.parse(text, { source: 'synthetic.jsonl' });
    times.push(performance.now() - start);
    messages = t?.messages.length ?? 0;
  }
  const ms = median(times);
  console.log(
    `\nsynthetic Claude Code log: ${mb.toFixed(1)} MB, ${out.length} lines (${copy} chained copies of ${path.basename(ccLargest)}) → ${messages} messages in ${ms.toFixed(0)} ms (${(mb / (ms / 1000)).toFixed(0)} MB/s, median of 3)`,
  );
}
