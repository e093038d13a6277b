/**
 * Structured and prose compressors over the recorded sessions.
 *
 *   npx tsx benchmarks/structured-prose.ts [sessions-dir]
 *
 * Finds samples with simple heuristics (the general benchmark comes later):
 * - structured/tool-output: tool results whose body starts like JSON, or that show a
 *   .json/.jsonl/.yaml/.yml/.toml/.csv/.tsv file (Claude Code's Read, or `cat`/`head`/`tail`/`jq`);
 * - structured/tool-input: Claude Code tool_use inputs as JSON (what blockText() hands over);
 * - structured/payload: the session files themselves (JSON, and the first 40 lines of each JSONL),
 *   standing in for an agent that cats a JSON file;
 * - prose/assistant: assistant text, subagent reports (Task results), markdown written with Write,
 *   aider replies; at least MIN_PROSE characters.
 * Prints per group: samples, helped, tokens in → out (cl100k) and the aggregate ratio Σout/Σin,
 * median ratio, needles kept (top-level keys for structured, proseNeedles for prose), and speed
 * as MB/s of wall time and of process CPU time (the CPU figure is steadier on a shared machine).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { unwrapToolOutput } from '../src/core/transcript/formats/registry.js';
import { compressProse, proseNeedles } from '../src/core/compress/prose/index.js';
import { compressStructured, topLevelKeys } from '../src/core/compress/structured/index.js';
import type { Compressor } from '../src/core/compress/types.js';
import { defaultTokenizer } from '../src/core/tokens/tokenizer.js';

/** Structured samples shorter than this are not compression targets. */
const MIN_STRUCTURED = 400;
/** Prose samples shorter than this are not compression targets. */
const MIN_PROSE = 800;
/** Lines of each Claude Code JSONL file used as a payload sample. */
const PAYLOAD_LINES = 40;
/** Session files larger than this are not used whole as payloads. */
const PAYLOAD_MAX = 2_000_000;

type Group = 'structured/tool-output' | 'structured/tool-input' | 'structured/payload' | 'prose/assistant';
interface Sample {
  group: Group;
  text: string;
  path?: string;
}

const STRUCTURED_FILE = /\.(?:jsonl?|ya?ml|toml|csv|tsv)$/;
const SHOWS_STRUCTURED_FILE = /\b(?:cat|head|tail|jq)\b[^\n|;&]*\.(?:jsonl?|ya?ml|toml|csv|tsv)\b/;

function main(): void {
  const root = resolve(process.argv[2] ?? join(import.meta.dirname, '../../shared/sessions'));
  const samples = dedupe(harvest(root));
  const tokenizer = defaultTokenizer();
  tokenizer.count('warm up');
  compressProse('Warm up the sentence model. '.repeat(20), {});
  compressStructured('{"warm": ["up", 1, 2, 3], "and": {"yaml": true}}'.repeat(1), {});
  compressStructured('warm: up\nand:\n  - yaml\n', {});
  const groups: Group[] = [
    'structured/tool-output',
    'structured/tool-input',
    'structured/payload',
    'prose/assistant',
  ];
  console.log(`sessions: ${root}`);
  console.log(
    'group                     n  helped   tokens in → out     ratio  median  needles kept      MB/s  MB/s(cpu)',
  );
  const all: Row[] = [];
  for (const group of groups) {
    const rows = samples
      .filter((s) => s.group === group)
      .map((s) => measure(s, tokenizer.count.bind(tokenizer)));
    all.push(...rows);
    print(group, rows);
  }
  print(
    'structured (all)',
    all.filter((r) => r.group.startsWith('structured')),
  );
  print(
    'structured (no payload)',
    all.filter((r) => r.group === 'structured/tool-output' || r.group === 'structured/tool-input'),
  );
  throughput(root);
}

/** One large input each: the first 2 MB of the aider chat history, the largest JSON session file. */
function throughput(root: string): void {
  const history = join(root, 'aider/chat-history-2024-08-05-to-14.md');
  const json = join(root, 'adp-samples/swe-gym_openhands_sampled_trajectories/sample_raw.json');
  const cases: [string, Compressor, string][] = [
    ['prose 2 MB aider history', compressProse, readFileSync(history, 'utf8').slice(0, 2_000_000)],
    ['structured JSON file', compressStructured, readFileSync(json, 'utf8')],
  ];
  for (const [label, compress, text] of cases) {
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    const summary = compress(text, {});
    const seconds = (performance.now() - start) / 1000;
    const cpu = process.cpuUsage(cpuStart);
    const mb = Buffer.byteLength(text) / 1e6;
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    console.log(
      `${label}: ${mb.toFixed(2)} MB → ${(summary.text.length / text.length).toFixed(3)} of the characters, ` +
        `${(mb / seconds).toFixed(2)} MB/s wall, ${(mb / cpuSeconds).toFixed(2)} MB/s cpu`,
    );
  }
}

interface Row {
  group: Group;
  bytes: number;
  ms: number;
  cpuMs: number;
  tokensIn: number;
  tokensOut: number;
  helped: boolean;
  needles: number;
  needlesKept: number;
}

function measure(sample: Sample, count: (text: string) => number): Row {
  const structured = sample.group.startsWith('structured');
  const compress: Compressor = structured ? compressStructured : compressProse;
  const context = sample.path ? { path: sample.path } : {};
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  const summary = compress(sample.text, context);
  const ms = performance.now() - start;
  const cpu = process.cpuUsage(cpuStart);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  let needles: string[];
  let kept: (needle: string) => boolean;
  if (structured) {
    needles = topLevelKeys(sample.text, sample.path);
    kept = (key) => summary.text.includes(key);
  } else {
    // Kept when the summary shows it anywhere (a sentence, a mark's list, a kept fence), as in compressors.ts.
    needles = proseNeedles(sample.text);
    kept = (needle) => summary.text.includes(needle);
  }
  return {
    group: sample.group,
    bytes: Buffer.byteLength(sample.text),
    ms,
    cpuMs,
    tokensIn: count(sample.text),
    tokensOut: count(summary.text),
    helped: summary.helped,
    needles: needles.length,
    needlesKept: needles.filter(kept).length,
  };
}

function print(label: string, rows: readonly Row[]): void {
  if (rows.length === 0) {
    console.log(`${label.padEnd(24)} (no samples)`);
    return;
  }
  const sum = (f: (r: Row) => number): number => rows.reduce((acc, r) => acc + f(r), 0);
  const tin = sum((r) => r.tokensIn);
  const tout = sum((r) => r.tokensOut);
  const ratios = rows.map((r) => r.tokensOut / Math.max(1, r.tokensIn)).sort((a, b) => a - b);
  const median = ratios[Math.floor(ratios.length / 2)] ?? 1;
  const needles = sum((r) => r.needles);
  const keptShare = needles === 0 ? 1 : sum((r) => r.needlesKept) / needles;
  const mb = sum((r) => r.bytes) / 1e6;
  const mbs = mb / (sum((r) => r.ms) / 1000);
  const cpuMbs = mb / (sum((r) => r.cpuMs) / 1000);
  console.log(
    `${label.padEnd(24)} ${String(rows.length).padStart(3)}  ${String(rows.filter((r) => r.helped).length).padStart(6)}` +
      `  ${String(tin).padStart(9)} → ${String(tout).padEnd(8)}  ${(tout / tin).toFixed(3)}   ${median.toFixed(3)}` +
      `  ${(keptShare * 100).toFixed(1).padStart(5)}% of ${String(needles).padEnd(6)}  ${mbs.toFixed(2).padStart(6)}  ${cpuMbs.toFixed(2).padStart(6)}`,
  );
}

// ── harvesting ───────────────────────────────────────────────────────────────

function harvest(root: string): Sample[] {
  const samples: Sample[] = [];
  for (const file of walk(root)) {
    const text = readFileSync(file, 'utf8');
    if (file.endsWith('.jsonl')) {
      harvestClaudeCode(text, samples);
      const head = text.split('\n').slice(0, PAYLOAD_LINES).join('\n');
      if (head.length >= MIN_STRUCTURED)
        samples.push({ group: 'structured/payload', text: head, path: file });
    } else if (file.endsWith('.json') || file.endsWith('.traj')) {
      let data: unknown;
      try {
        data = JSON.parse(text);
      } catch {
        continue;
      }
      harvestMessages(data as Json, samples);
      if (text.length <= PAYLOAD_MAX) samples.push({ group: 'structured/payload', text, path: file });
    } else if (file.endsWith('.md') && !file.endsWith('SOURCES.md')) {
      harvestAider(text, samples);
    }
  }
  return samples;
}

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...walk(full));
    else out.push(full);
  }
  return out;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function harvestClaudeCode(text: string, samples: Sample[]): void {
  const calls = new Map<string, { name: string; input: Record<string, Json> }>();
  for (const line of text.split('\n')) {
    let record: { message?: { role?: string; content?: Json } };
    try {
      record = JSON.parse(line) as typeof record;
    } catch {
      continue;
    }
    const content = record.message?.content;
    if (!Array.isArray(content)) continue;
    for (const block of content) {
      if (!isRecord(block)) continue;
      if (block['type'] === 'tool_use' && isRecord(block['input'])) {
        const name = stringField(block, 'name') ?? '';
        const input = block['input'];
        calls.set(stringField(block, 'id') ?? '', { name, input });
        const json = JSON.stringify(input);
        if (json.length >= MIN_STRUCTURED) samples.push({ group: 'structured/tool-input', text: json });
        const written = input['content'];
        if (
          name === 'Write' &&
          typeof written === 'string' &&
          /\.md$/.test(stringField(input, 'file_path') ?? '')
        ) {
          addProse(written, samples);
        }
        if (name === 'ExitPlanMode' && typeof input['plan'] === 'string') addProse(input['plan'], samples);
      } else if (block['type'] === 'tool_result') {
        const call = calls.get(stringField(block, 'tool_use_id') ?? '');
        const body = resultText(block['content']);
        const path = call?.name === 'Read' ? stringField(call.input, 'file_path') : undefined;
        if (call?.name === 'Task') addProse(body, samples);
        else addToolOutput(body, stringField(call?.input, 'command') ?? '', path, samples);
      } else if (block['type'] === 'text' && record.message?.role === 'assistant') {
        addProse(stringField(block, 'text') ?? '', samples);
      }
    }
  }
}

/** Messages of the other formats: {role, content|text}, SWE-agent steps, OpenHands events. */
function harvestMessages(data: Json, samples: Sample[]): void {
  let lastCommand = '';
  const visit = (node: Json): void => {
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    if (!isRecord(node)) return;
    const role = node['role'];
    const body =
      typeof node['content'] === 'string' || Array.isArray(node['content'])
        ? resultText(node['content'])
        : stringField(node, 'text');
    if (typeof role === 'string' && body) {
      if (role === 'assistant' || role === 'ai') {
        addProse(body, samples);
        lastCommand = /```(?:bash|sh)?\n([\s\S]*?)```/.exec(body)?.[1] ?? body.slice(0, 400);
      } else if (role === 'tool' || /<returncode>|^OBSERVATION|^\[File:/.test(body)) {
        addToolOutput(body, lastCommand, undefined, samples);
      }
    } else if (typeof node['observation'] === 'string' && typeof node['thought'] === 'string') {
      addProse(node['thought'], samples);
      addToolOutput(node['observation'], stringField(node, 'action') ?? '', undefined, samples);
    } else if (node['source'] === 'agent' && typeof node['content'] === 'string' && node['observation']) {
      addToolOutput(node['content'], stringField(node['extras'], 'command') ?? '', undefined, samples);
    } else if (node['source'] === 'agent' && typeof node['message'] === 'string' && node['action']) {
      addProse(node['message'], samples);
    }
    for (const value of Object.values(node)) if (isRecord(value) || Array.isArray(value)) visit(value);
  };
  visit(data);
}

/** aider transcripts: the text between a `####` user line and the next one, without `>` tool lines. */
function harvestAider(text: string, samples: Sample[]): void {
  const replies = text.split(/^#### .*$/m).slice(1);
  for (const reply of replies) {
    const prose = reply
      .split('\n')
      .filter((line) => !line.startsWith('>'))
      .join('\n')
      .split(/^# aider chat started at/m)[0];
    if (prose) addProse(prose.trim(), samples);
  }
}

function addProse(text: string, samples: Sample[]): void {
  if (text.length >= MIN_PROSE) samples.push({ group: 'prose/assistant', text });
}

/** A tool output counts as structured when it starts like JSON or shows a structured file. */
function addToolOutput(raw: string, command: string, path: string | undefined, samples: Sample[]): void {
  const body = unwrapToolOutput(raw).body;
  if (body.length < MIN_STRUCTURED) return;
  const start = body.replace(/^\s*\d+→/, '').trimStart();
  const jsonish = start.startsWith('{') || /^\[\s*[[{"\d-]/.test(start);
  const file = (path !== undefined && STRUCTURED_FILE.test(path)) || SHOWS_STRUCTURED_FILE.test(command);
  if (!jsonish && !file) return;
  samples.push(
    path
      ? { group: 'structured/tool-output', text: body, path }
      : { group: 'structured/tool-output', text: body },
  );
}

function resultText(content: Json | undefined): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter(isRecord)
    .map((part) => (typeof part['text'] === 'string' ? part['text'] : ''))
    .join('\n');
}

function stringField(node: Json | undefined, key: string): string | undefined {
  if (!isRecord(node)) return undefined;
  const value = node[key];
  return typeof value === 'string' ? value : undefined;
}

function isRecord(value: Json | undefined): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The same text met twice (Claude Code repeats tool output, SWE-agent keeps two histories) counts once. */
function dedupe(samples: Sample[]): Sample[] {
  const seen = new Set<string>();
  return samples.filter((s) => {
    const key = `${s.group}\u0000${s.text}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

main();
