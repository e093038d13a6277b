/**
 * Store figures (issue "store and recall"):
 *   perf     ingest latency per entry (store only, compression excluded), recall latency on a store of
 *            ≥ 100k entries built by ingesting the sessions repeatedly under different projects, and
 *            database size / original text.
 *   quality  recall@1 and recall@5 on the needles of docs/BENCH.md, with the later text (needle removed)
 *            as the query, against what the session had stored by then; and how often a stored tool
 *            output's own recall hint (what its stub prints: `recall("…")`) finds it, once the session
 *            is stored.
 *
 *   context  issue 21's literal set: each session replayed through the engine at a budget (the bench's
 *            `gardener` strategy); for needles not in the rendered context at their use, the stub
 *            instruction and the recall output @1/@5 for the later text, with recall blind to the
 *            context (as before) and knowing what it shows in full (as the engine's recall does).
 *
 * Run: npx tsx benchmarks/store.ts [perf|quality|context|all] [--sessions DIR] [--entries N] [--db FILE] [--shared-project] [--misses FILE] [--features FILE]
 *        [--budgets 32000,16000] [--held-out] [--fold SOURCE] [--context-misses FILE]
 *   --misses FILE     writes each dev needle whose holder is not in the first five entries (JSON lines:
 *                     the query, the holder's rank among 100, what outranks it, how many of the query's
 *                     adjacent word pairs the holder and the five above it hold in order), to classify the misses,
 *                     and each whose holder is among the five but whose hit does not show it (miss: shown)
 *   --features FILE   writes each needle's candidates (the 60 recall ranks) with their features and whether
 *                     each holds the needle (JSON lines), for benchmarks/support/fit-rank.ts
 *   --shared-project  quality with the sessions of one folder in one project (each session still asks
 *                     as itself), as a user's project holds many sessions; by default a project a session.
 *   --budgets         the budgets of the context pass (default 32000,16000)
 *   --held-out        the context pass prints the held-out split too (choose on dev; look at it at the end)
 *   --fold SOURCE     leave one source out (docs/BENCH.md § Folds): "dev" is every source but SOURCE
 *                     (choose there; --misses, --features and --context-misses hold only its needles)
 *                     and "held out" is SOURCE; without it, the 30% hash split of each source
 *   --context-misses  writes each dev needle of the context pass that the knowing recall misses @5 or
 *                     the stub's first instruction does not show (`missed` says which)
 */
import Database from 'better-sqlite3';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { emptyFactCounts, recallText, stubInstructionText } from '../src/doors/bench/facts.js';
import { contextFacts } from './support/context-facts.js';
import { factCosts } from './support/fact-cost.js';
import { candidateRows, termsReader, type QueryRow } from './support/rank-features.js';
import { describeShownMiss } from './support/shown-miss.js';
import { pairsHeld, queryPairs } from './support/word-pairs.js';
import { recallQuery } from '../src/doors/bench/fidelity.js';
import { holdoutFiles } from '../src/doors/bench/split.js';
import { sourceOf } from '../src/doors/bench/folds.js';
import { findNeedles, occursIn } from '../src/doors/bench/needles.js';
import { toolResultTest } from '../src/doors/bench/tool-results.js';
import { classify } from '../src/core/classify/classify.js';
import type { ClassifyHints, ContentClass } from '../src/core/classify/types.js';
import type { CompressContext } from '../src/core/compress/types.js';
import { actionBefore, toolCallText } from '../src/core/garden/ingest/call.js';
import { largeFields } from '../src/core/garden/ingest/tool-input.js';
import { openStore } from '../src/core/store/open.js';
import { databaseBytes } from '../src/core/store/stats.js';
import type { GardenerStore } from '../src/core/store/types.js';
import { defaultTokenizer } from '../src/core/tokens/tokenizer.js';
import { blockText, contentBlocks } from '../src/core/transcript/blocks.js';
import { readInput } from '../src/core/transcript/read-input.js';
import { readSessionPaths } from '../src/core/transcript/session-paths.js';
import type { Transcript } from '../src/core/transcript/types.js';
import { hintCommand } from '../src/core/classify/tools.js';
import { extractTerms, recallHint } from '../src/core/names/terms.js';
import { DEFAULT_RECALL_TOKENS, recall } from '../src/core/recall/recall.js';
import { parseQuery } from '../src/core/recall/query.js';
import { selectTerms } from '../src/core/recall/terms-select.js';
import { ftsTokens } from '../src/core/store/terms.js';
import { redactSecrets } from '../src/core/store/redact.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** docs/DESIGN.md base priorities. */
const BASE_PRIORITY: Record<ContentClass, number> = {
  prompt: 90,
  error: 80,
  code: 60,
  prose: 40,
  structured: 30,
  log: 20,
};

interface Args {
  mode: 'perf' | 'quality' | 'context' | 'all';
  sessions: string;
  entries: number;
  db: string;
  sharedProject: boolean;
  /** Where to write the dev split's entry-level @5 misses (one JSON line each), for diagnosis. */
  misses?: string;
  /** Where to write each needle's ranked candidates with their features (JSON lines), to fit the ranking on. */
  features?: string;
  budgets: number[];
  heldOut: boolean;
  /** The source held out (leave one source out); undefined: the hash split. */
  fold?: string;
  contextMisses?: string;
}

function parseArgs(argv: string[]): Args {
  const args: Args = {
    mode: 'all',
    sessions: path.resolve(repoRoot, '../shared/sessions'),
    entries: 100_000,
    db: path.join(os.tmpdir(), `gardener-bench-store-${process.pid}.db`),
    sharedProject: false,
    budgets: [32_000, 16_000],
    heldOut: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === 'perf' || a === 'quality' || a === 'context' || a === 'all') args.mode = a;
    else if (a === '--budgets') args.budgets = (argv[++i] ?? '').split(',').map(Number);
    else if (a === '--held-out') args.heldOut = true;
    else if (a === '--fold') args.fold = argv[++i] ?? '';
    else if (a === '--context-misses') args.contextMisses = path.resolve(argv[++i] ?? '');
    else if (a === '--sessions') args.sessions = path.resolve(argv[++i] ?? '');
    else if (a === '--entries') args.entries = Number(argv[++i]);
    else if (a === '--db') args.db = path.resolve(argv[++i] ?? '');
    else if (a === '--shared-project') args.sharedProject = true;
    else if (a === '--misses') args.misses = path.resolve(argv[++i] ?? '');
    else if (a === '--features') args.features = path.resolve(argv[++i] ?? '');
    else throw new Error(`unknown argument ${a}`);
  }
  return args;
}

/** One block of a session, classified and summarized once, reused by every pass. */
interface Item {
  messageIndex: number;
  text: string;
  summary: string;
  cls: ContentClass;
  tokensOriginal: number;
  tokensSummary: number;
  sourceTool?: string;
  sourcePath?: string;
  /** What produced the text, as the engine indexes it (src/core/garden/ingest/call.ts). */
  call?: string;
  /** The shell command behind a tool output, as the engine's recall hint takes it. */
  command?: string;
}

interface Session {
  id: string;
  /** The file it was read from, and whether the bench's split holds it out (src/doors/bench/split.ts). */
  file: string;
  heldOut: boolean;
  transcript: Transcript;
  items: Item[];
}

type CompressFn = (cls: ContentClass, text: string, context: CompressContext) => { text: string };

async function loadCompressor(): Promise<{ compress: CompressFn | undefined; note: string }> {
  const file = path.join(repoRoot, 'src/core/compress/index.ts');
  if (!existsSync(file))
    return { compress: undefined, note: 'src/core/compress/index.ts absent: summaries are empty' };
  const module = (await import('../src/core/compress/index.js')) as { compress?: CompressFn };
  return module.compress
    ? { compress: module.compress, note: 'summaries from src/core/compress (compress(cls, text, ctx))' }
    : { compress: undefined, note: 'no compress() export: summaries are empty' };
}

function toolInfo(transcript: Transcript): Map<string, { name: string; input: Record<string, unknown> }> {
  const tools = new Map<string, { name: string; input: Record<string, unknown> }>();
  for (const message of transcript.messages) {
    for (const block of contentBlocks(message)) {
      if (block.type === 'tool_use')
        tools.set(block.id, { name: block.name, input: (block.input ?? {}) as Record<string, unknown> });
    }
  }
  return tools;
}

function pathOf(input: Record<string, unknown>): string | undefined {
  for (const key of ['file_path', 'path', 'filename', 'notebook_path']) {
    const value = input[key];
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}

async function loadSessions(
  dir: string,
  compress: CompressFn | undefined,
  fold: string | undefined,
): Promise<Session[]> {
  const tokenizer = defaultTokenizer();
  const sessions: Session[] = [];
  const files = await readSessionPaths([dir]);
  const held =
    fold === undefined
      ? holdoutFiles(
          dir,
          files.map((f) => f.path),
        )
      : new Set(files.filter((f) => sourceOf(dir, f.path) === fold).map((f) => f.path));
  if (fold !== undefined && held.size === 0)
    throw new Error(
      `--fold ${fold}: no session file of that source under ${dir} (sources: ${[...new Set(files.map((f) => sourceOf(dir, f.path)))].join(', ')})`,
    );
  for (const file of files) {
    let transcripts: Transcript[];
    try {
      transcripts = (await readInput(file.path, { subagents: file.subagents, lenient: true })).transcripts;
    } catch {
      continue; // unreadable files are the importers' business; the bench uses what reads
    }
    for (const transcript of transcripts) {
      const isToolResult = toolResultTest(transcript);
      const tools = toolInfo(transcript);
      const items: Item[] = [];
      transcript.messages.forEach((message, messageIndex) => {
        contentBlocks(message).forEach((block, blockIndex) => {
          const text = blockText(block);
          if (text.trim() === '') return;
          // As the engine does (src/core/garden/ingest/ingest.ts): a tool call is stored only for its large fields.
          if (block.type === 'tool_use' && largeFields(block.input).length === 0) return;
          const toolResult = message.role === 'user' && isToolResult(messageIndex, blockIndex);
          const tool =
            block.type === 'tool_result'
              ? tools.get(block.tool_use_id)
              : block.type === 'tool_use'
                ? { name: block.name, input: (block.input ?? {}) as Record<string, unknown> }
                : undefined;
          const sourcePath = tool ? pathOf(tool.input) : undefined;
          const command =
            block.type === 'tool_result' && tool
              ? hintCommand({
                  role: 'assistant',
                  blockType: 'tool_use',
                  toolName: tool.name,
                  toolInput: tool.input,
                })
              : undefined;
          const call =
            block.type === 'tool_result' && tool
              ? toolCallText(tool.name, tool.input)
              : toolResult && block.type === 'text'
                ? actionBefore(transcript.messages[messageIndex - 1])
                : undefined;
          const hints: ClassifyHints = {
            role: message.role === 'assistant' ? 'assistant' : 'user',
            blockType: block.type,
            ...(tool ? { toolName: tool.name, toolInput: tool.input } : {}),
            ...(sourcePath ? { path: sourcePath } : {}),
            ...(block.type === 'tool_result' && block.is_error ? { isError: true } : {}),
            ...(message.role === 'user' && block.type === 'text' && !toolResult ? { isUserTyped: true } : {}),
          };
          const cls = classify(text, hints);
          const summary =
            compress && cls !== 'prompt'
              ? compress(cls, text, {
                  ...(sourcePath ? { path: sourcePath } : {}),
                  ...(tool ? { toolName: tool.name } : {}),
                }).text
              : '';
          items.push({
            messageIndex,
            text,
            summary,
            cls,
            tokensOriginal: tokenizer.count(text),
            tokensSummary: tokenizer.count(summary),
            ...(tool ? { sourceTool: tool.name } : {}),
            ...(sourcePath ? { sourcePath } : {}),
            ...(call !== undefined ? { call } : {}),
            ...(command !== undefined ? { command } : {}),
          });
        });
      });
      sessions.push({ id: transcript.id, file: file.path, heldOut: held.has(file.path), transcript, items });
    }
  }
  return sessions;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
}

function summary(label: string, values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  return `${label.padEnd(34)} n=${String(sorted.length).padStart(7)}  p50 ${percentile(sorted, 0.5).toFixed(3)} ms  p95 ${percentile(sorted, 0.95).toFixed(3)} ms  p99 ${percentile(sorted, 0.99).toFixed(3)} ms  max ${(sorted.at(-1) ?? NaN).toFixed(1)} ms`;
}

/** The benchmark's database and the files the store keeps beside it (WAL, shared memory, the clean-close stamp). */
function removeDatabase(file: string): void {
  for (const suffix of ['', '-wal', '-shm', '-verified']) rmSync(file + suffix, { force: true });
}

function freshStore(file: string): GardenerStore {
  removeDatabase(file);
  return openStore({ path: file });
}

/** Queries of the needle protocol: the later text with the needle taken out. */
function needleQueries(sessions: Session[]): Array<{
  session: Session;
  needle: string;
  query: string;
  usedMessageIndex: number;
  messageIndex: number;
}> {
  const queries = [];
  for (const session of sessions) {
    for (const needle of findNeedles(session.transcript)) {
      queries.push({
        session,
        needle: needle.text,
        // docs/BENCH.md: the later text minus the needle; when that is empty, the needle's tool call.
        query: recallQuery(needle),
        usedMessageIndex: needle.usedMessageIndex,
        messageIndex: needle.messageIndex,
      });
    }
  }
  return queries;
}

function perf(sessions: Session[], args: Args): void {
  const store = freshStore(args.db);
  const ingestMs: number[] = [];
  const ingestCpuMs: number[] = [];
  const freshMs: number[] = [];
  let originalBytes = 0;
  let summaryBytes = 0;
  let stored = 0;
  let passes = 0;
  const started = Date.now();
  while (stored < args.entries) {
    const project = `bench-project-${passes}`;
    for (const session of sessions) {
      for (const item of session.items) {
        const cpu = process.cpuUsage();
        const t0 = performance.now();
        const result = store.ingest({
          scope: { project, session: session.id },
          class: item.cls,
          original: item.text,
          summary: item.summary,
          tokensOriginal: item.tokensOriginal,
          tokensSummary: item.tokensSummary,
          priority: BASE_PRIORITY[item.cls],
          ...(item.sourceTool ? { sourceTool: item.sourceTool } : {}),
          ...(item.sourcePath ? { sourcePath: item.sourcePath } : {}),
          ...(item.call !== undefined ? { call: item.call } : {}),
        });
        const ms = performance.now() - t0;
        const used = process.cpuUsage(cpu);
        ingestMs.push(ms);
        ingestCpuMs.push((used.user + used.system) / 1000);
        if (!result.deduplicated) {
          freshMs.push(ms);
          stored++;
          originalBytes += Buffer.byteLength(item.text);
          summaryBytes += Buffer.byteLength(item.summary);
        }
      }
    }
    passes++;
    process.stderr.write(
      `\rpass ${passes}: ${stored.toLocaleString('en-US')} entries stored (${((Date.now() - started) / 1000).toFixed(0)} s)`,
    );
  }
  process.stderr.write('\n');
  store.close();
  // Size after a checkpoint: the WAL folded into the database file.
  const raw = new Database(args.db);
  raw.pragma('wal_checkpoint(TRUNCATE)');
  raw.close();
  const bytes = databaseBytes(args.db);

  console.log(
    `\n## perf: ${stored.toLocaleString('en-US')} entries in ${passes} passes over ${sessions.length} sessions (${args.db})`,
  );
  console.log(summary('ingest, all calls (wall)', ingestMs));
  console.log(summary('ingest, all calls (CPU)', ingestCpuMs));
  console.log(summary('ingest, new entries only (wall)', freshMs));
  console.log(
    `database size                      ${(bytes / 1e6).toFixed(1)} MB for ${(originalBytes / 1e6).toFixed(1)} MB of originals (+${(summaryBytes / 1e6).toFixed(1)} MB summaries): ${(bytes / originalBytes).toFixed(2)}× the original text`,
  );

  const queries = needleQueries(sessions);
  const store2 = openStore({ path: args.db });
  const recallMs: number[] = [];
  const shortMs: number[] = [];
  const tokenizer = defaultTokenizer();
  tokenizer.count('warm up the tokenizer before timing');
  let q = 0;
  const knowingMs: number[] = [];
  for (const { session, query } of queries) {
    const project = `bench-project-${q++ % passes}`;
    const t0 = performance.now();
    const blind = recall(store2, query, { project, session: session.id }, { limit: 5 });
    recallMs.push(performance.now() - t0);
    // As an engine asks: its first two hits in context in full, so two more are ranked and shown.
    const seen = new Set(blind.hits.slice(0, 2).map((h) => h.id));
    const t1 = performance.now();
    recall(store2, query, { project, session: session.id }, { limit: 5, inContext: (id) => seen.has(id) });
    knowingMs.push(performance.now() - t1);
  }
  const words = [
    'error',
    'test_',
    'TypeError',
    'import',
    'config.json',
    'src/index.ts',
    'def __init__',
    'AssertionError',
    'npm install',
    'README.md',
  ];
  for (let i = 0; i < 500; i++) {
    const t0 = performance.now();
    recall(
      store2,
      words[i % words.length] ?? '',
      { project: `bench-project-${i % passes}`, session: 'x' },
      { limit: 5 },
    );
    shortMs.push(performance.now() - t0);
  }
  store2.close();
  console.log(summary('recall, needle queries (long text)', recallMs));
  console.log(summary('recall, needle queries, 2 in context', knowingMs));
  console.log(summary('recall, short keyword queries', shortMs));
  removeDatabase(args.db);
}

function quality(sessions: Session[], args: Args): void {
  const store = freshStore(args.db);
  const queries = needleQueries(sessions);
  const bySession = new Map<Session, typeof queries>();
  for (const q of queries) bySession.set(q.session, [...(bySession.get(q.session) ?? []), q]);
  let at1 = 0;
  let at5 = 0;
  let emptyQueries = 0;
  const hints = { n: 0, at1: 0, at5: 0, named: 0 };
  const byKind = new Map<string, { n: number; at1: number; at5: number }>();
  const facts = { dev: emptyFactCounts(), heldOut: emptyFactCounts() };
  const entryLevel = { dev: { n: 0, at1: 0, at5: 0 }, heldOut: { n: 0, at1: 0, at5: 0 } };
  const misses: string[] = [];
  const featureRows: QueryRow[] = [];
  const indexTerms = args.features === undefined ? undefined : termsReader(args.db);
  const tokenizer = defaultTokenizer();
  // Tokens of the hits' texts of each later-text recall: what the recall budget bounds.
  const shownTokens: number[] = [];
  const costs = factCosts(tokenizer);
  for (const session of sessions) {
    const pending = (bySession.get(session) ?? []).sort((a, b) => a.usedMessageIndex - b.usedMessageIndex);
    if (pending.length === 0) continue;
    const folder = path.basename(path.dirname(session.file));
    const scope = { project: `quality-${args.sharedProject ? folder : session.id}`, session: session.id };
    const texts = new Map<string, string>();
    const holders: Array<{ messageIndex: number; text: string; tokens: number; hint: string }> = [];
    const source = sourceOf(args.sessions, session.file);
    const split = session.heldOut ? facts.heldOut : facts.dev;
    const stubHints: Array<{ id: string; hint: string }> = [];
    const positions = new Map<string, number>();
    const ask = (upTo: number) => {
      while (pending[0] && pending[0].usedMessageIndex <= upTo) {
        const q = pending.shift()!;
        const result = recall(store, q.query, scope, { limit: 5, touch: false });
        const ids = result.hits.map((h) => h.id);
        const holds = (id: string) => occursIn(texts.get(id) ?? store.fetch(id)?.original ?? '', q.needle);
        const hit1 = ids.slice(0, 1).some(holds);
        const hit5 = ids.some(holds);
        // Fact level: what the model reads holds the needle.
        const holder = holders.find((h) => h.messageIndex === q.messageIndex && occursIn(h.text, q.needle));
        split.n++;
        const instruction = holder ? stubInstructionText(holder.text, holder.tokens, q.query) : '';
        if (holder && occursIn(instruction, q.needle)) split.stub++;
        costs.add(source, 'later', recallText(result, 5), q.needle);
        if (holder) {
          costs.add(source, 'instruction', instruction, q.needle);
          const byHint = recall(store, holder.hint, scope, { limit: 5, touch: false });
          costs.add(source, 'hint', recallText(byHint, 5), q.needle);
        }
        if (occursIn(recallText(result, 1), q.needle)) split.at1++;
        shownTokens.push(result.hits.reduce((sum, h) => sum + tokenizer.count(h.text), 0));
        const shown5 = occursIn(recallText(result, 5), q.needle);
        if (shown5) split.at5++;
        if (hit1) at1++;
        if (hit5) at5++;
        const level = session.heldOut ? entryLevel.heldOut : entryLevel.dev;
        level.n++;
        if (hit1) level.at1++;
        if (hit5) level.at5++;
        if (args.misses !== undefined && !hit5 && !session.heldOut)
          misses.push(JSON.stringify({ ...describeMiss(store, scope, q, holds, positions), shown5 }));
        if (args.misses !== undefined && hit5 && !shown5 && !session.heldOut)
          misses.push(JSON.stringify(describeShownMiss(store, q, result, ids.find(holds)!)));
        if (indexTerms !== undefined)
          featureRows.push({
            session: session.id,
            heldOut: session.heldOut,
            needle: q.needle,
            kind: kindOf(q.needle),
            candidates: candidateRows(store, indexTerms.read, scope, q, holds),
          });
        if (q.query.trim() === '') emptyQueries++;
        const kind = kindOf(q.needle);
        const k = byKind.get(kind) ?? { n: 0, at1: 0, at5: 0 };
        byKind.set(kind, { n: k.n + 1, at1: k.at1 + (hit1 ? 1 : 0), at5: k.at5 + (hit5 ? 1 : 0) });
      }
    };
    for (const item of session.items) {
      ask(item.messageIndex);
      const isToolOutput = item.sourceTool !== undefined || item.call !== undefined;
      const hint = isToolOutput ? engineHint(item) : undefined;
      const result = store.ingest({
        scope,
        class: item.cls,
        original: item.text,
        summary: item.summary,
        tokensOriginal: item.tokensOriginal,
        tokensSummary: item.tokensSummary,
        priority: BASE_PRIORITY[item.cls],
        ...(item.sourceTool ? { sourceTool: item.sourceTool } : {}),
        ...(item.sourcePath ? { sourcePath: item.sourcePath } : {}),
        ...(item.call !== undefined ? { call: item.call } : {}),
        ...(hint !== undefined ? { hint } : {}),
      });
      texts.set(result.id, item.text);
      positions.set(result.id, item.messageIndex);
      holders.push({
        messageIndex: item.messageIndex,
        text: item.text,
        tokens: item.tokensOriginal,
        hint: hint ?? engineHint(item),
      });
      if (hint !== undefined) stubHints.push({ id: result.id, hint });
    }
    ask(Number.MAX_SAFE_INTEGER);
    // Each tool output's hint was made as the engine makes it, just before the output was stored;
    // the model would ask it later, when the stub is in its context.
    for (const { id, hint } of stubHints) {
      const { hits } = recall(store, hint, scope, { limit: 5, touch: false });
      const found = hits.map((h) => h.id);
      hints.n++;
      if (found[0] === id) hints.at1++;
      if (found.includes(id)) hints.at5++;
      // Moved out of the five for repeating a hit, and named on it (`repeat:ID`).
      else if (hits.some((h) => h.relevanceSignal.includes(`repeat:${id}`))) hints.named++;
    }
  }
  indexTerms?.close();
  store.close();
  removeDatabase(args.db);
  const n = queries.length;
  console.log(
    `\n## quality: ${n} needles in ${sessions.length} sessions (${emptyQueries} queries empty once the needle is removed, even with the tool-call fallback; ${args.sharedProject ? 'a project a folder of sessions' : 'a project a session'})`,
  );
  console.log(`recall@1  ${((100 * at1) / n).toFixed(1)}%  (${at1}/${n})`);
  console.log(`recall@5  ${((100 * at5) / n).toFixed(1)}%  (${at5}/${n})`);
  console.log(
    `a tool output's own recall hint: @1 ${((100 * hints.at1) / Math.max(1, hints.n)).toFixed(1)}%  @5 ${((100 * hints.at5) / Math.max(1, hints.n)).toFixed(1)}%  (${hints.n} tool outputs; ${pct(hints.named, hints.n)} more named as a repeat of a hit)`,
  );
  for (const [name, e] of Object.entries(entryLevel))
    console.log(`entry level (${name}, ${e.n} needles): @1 ${pct(e.at1, e.n)} @5 ${pct(e.at5, e.n)}`);
  if (args.misses !== undefined) {
    writeFileSync(args.misses, misses.map((m) => `${m}\n`).join(''));
    console.log(`${misses.length} dev entry-level @5 misses written to ${args.misses}`);
  }
  if (args.features !== undefined) {
    writeFileSync(args.features, featureRows.map((r) => `${JSON.stringify(r)}\n`).join(''));
    console.log(`${featureRows.length} needles' candidates and their features written to ${args.features}`);
  }
  for (const [name, f] of Object.entries(facts))
    console.log(
      `facts back (${name}, ${f.n} needles): stub's first instruction ${pct(f.stub, f.n)} · recall output for the later text @1 ${pct(f.at1, f.n)} @5 ${pct(f.at5, f.n)}`,
    );
  const sorted = [...shownTokens].sort((a, b) => a - b);
  console.log(
    `recall output for the later text, the hits' texts: mean ${(sorted.reduce((a, b) => a + b, 0) / Math.max(1, n)).toFixed(0)} · p95 ${percentile(sorted, 0.95)} · max ${sorted.at(-1) ?? 0} tokens (budget ${DEFAULT_RECALL_TOKENS})`,
  );
  console.log(
    "tokens per fact shown, by source folder (what the model reads for a needle it asks for; the holder's stub asked as the engine writes it):",
  );
  for (const line of costs.lines()) console.log(line);
  for (const [kind, k] of [...byKind].sort())
    console.log(
      `  ${kind.padEnd(11)} n=${String(k.n).padStart(5)}  @1 ${((100 * k.at1) / k.n).toFixed(1)}%  @5 ${((100 * k.at5) / k.n).toFixed(1)}%`,
    );
}

async function context(sessions: Session[], args: Args): Promise<void> {
  const tokenizer = defaultTokenizer();
  const misses: string[] = [];
  for (const budget of args.budgets) {
    const t0 = Date.now();
    const result = await contextFacts(sessions, budget, tokenizer);
    console.log(
      `\n## context: replayed at budget ${budget.toLocaleString('en-US')} (${((Date.now() - t0) / 1000).toFixed(0)} s)`,
    );
    const splits = args.heldOut ? (['dev', 'heldOut'] as const) : (['dev'] as const);
    for (const name of splits) {
      const c = result[name];
      const out = c.blind.n;
      console.log(
        `${name}: ${c.needles} needles used, ${c.inContext} in context at their use, ${out} not (stubbed or summarised)`,
      );
      console.log(`  stub's first instruction        ${pct(c.blind.stub, out)}`);
      console.log(
        `  recall output, blind to context  @1 ${pct(c.blind.at1, out)} @5 ${pct(c.blind.at5, out)}`,
      );
      console.log(
        `  recall output, knowing context   @1 ${pct(c.knowing.at1, out)} @5 ${pct(c.knowing.at5, out)} · holder among the five ${pct(c.holderAt5, out)}`,
      );
      console.log(
        `  blind recall spent a hit on an entry in context for ${pct(c.crowded, out)}; showed the needle only there for ${pct(c.blindFromContext, out)}`,
      );
    }
    for (const miss of result.misses) misses.push(JSON.stringify({ budget, ...miss }));
  }
  if (args.contextMisses !== undefined) {
    writeFileSync(args.contextMisses, misses.map((m) => `${m}\n`).join(''));
    console.log(
      `${misses.length} dev misses (knowing recall @5 or the stub's instruction) written to ${args.contextMisses}`,
    );
  }
}

/** A dev needle whose holder is not in the first five: where it ranks among 100, and what outranks it. */
function describeMiss(
  store: GardenerStore,
  scope: { project: string; session: string },
  q: { needle: string; query: string; usedMessageIndex: number; messageIndex: number },
  holds: (id: string) => boolean,
  positions: Map<string, number>,
): Record<string, unknown> {
  const deep = recall(store, q.query, scope, { limit: 100, touch: false, maxTokens: 100_000 }).hits;
  const rank = deep.findIndex((h) => holds(h.id));
  const brief = (h: (typeof deep)[number]) => ({
    id: h.id,
    class: h.class,
    tool: h.sourceTool,
    path: h.sourcePath,
    score: h.score,
    at: positions.get(h.id),
    signals: h.relevanceSignal.join(' '),
    head: (store.fetch(h.id)?.original ?? '').slice(0, 160),
  });
  const selection = selectTerms(parseQuery(q.query), store.index.vocab);
  const holder = [...positions].find(([id, at]) => at === q.messageIndex && holds(id))?.[0];
  const holderText = holder === undefined ? '' : (store.fetch(holder)?.original ?? '');
  const holderWords = new Set(ftsTokens(holderText));
  const pairs = queryPairs(selection, q.query);
  return {
    needle: q.needle,
    kind: kindOf(q.needle),
    terms: selection.terms.map((t) => `${t.token}:${t.df}${holderWords.has(t.token) ? '*' : ''}`).join(' '),
    holderHead: holderText.slice(0, 200),
    holderChars: holderText.length,
    query: q.query.slice(0, 600),
    queryChars: q.query.length,
    asked: q.usedMessageIndex,
    holderAt: q.messageIndex,
    rank,
    holder: rank >= 0 ? brief(deep[rank]!) : undefined,
    top: deep.slice(0, 5).map(brief),
    pairs: pairs.size,
    pairsInHolder: holder === undefined ? undefined : pairsHeld(pairs, holderText),
    pairsInTop: deep.slice(0, 5).map((h) => pairsHeld(pairs, store.fetch(h.id)?.original ?? '')),
  };
}

/** The recall hint the engine prints in a block's stub (src/core/garden/ingest/settle.ts): made from the text as stored. */
function engineHint(item: Item): string {
  const clean = redactSecrets(item.text).text;
  return recallHint({
    text: clean,
    terms: extractTerms(clean),
    ...(item.sourcePath ? { path: item.sourcePath } : {}),
    ...(item.command ? { command: item.command } : {}),
  });
}

function pct(part: number, whole: number): string {
  return `${((100 * part) / Math.max(1, whole)).toFixed(1)}% (${part})`;
}

function kindOf(needle: string): string {
  if (/\.\w+:\d+$/.test(needle)) return 'path-line';
  if (/::/.test(needle)) return 'test';
  if (/[/\\]|\.\w{1,8}$/.test(needle)) return 'path';
  if (/(Error|Exception)$/.test(needle)) return 'error';
  if (/^test_/.test(needle)) return 'test';
  if (/^\d+$/.test(needle)) return 'number';
  return 'identifier';
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (!existsSync(args.sessions)) {
    console.log(`sessions folder ${args.sessions} not found: nothing to measure`);
    return;
  }
  const { compress, note } = await loadCompressor();
  const t0 = Date.now();
  const sessions = await loadSessions(args.sessions, compress, args.fold);
  const items = sessions.reduce((n, s) => n + s.items.length, 0);
  console.log(
    `# store benchmark · ${os.cpus()[0]?.model.trim() ?? 'cpu'} × ${os.cpus().length} · Node ${process.version} · load ${os.loadavg()[0]?.toFixed(1)}`,
  );
  console.log(
    `${sessions.length} sessions, ${items.toLocaleString('en-US')} blocks from ${args.sessions} (prepared in ${((Date.now() - t0) / 1000).toFixed(1)} s; ${note})`,
  );
  console.log(
    args.fold === undefined
      ? 'dev / held out: the hash split, 30% of each source held out (src/doors/bench/split.ts)'
      : `dev: every source but ${args.fold} · held out: ${args.fold} (leave one source out)`,
  );
  if (args.mode === 'quality' || args.mode === 'all') quality(sessions, args);
  if (args.mode === 'context' || args.mode === 'all') await context(sessions, args);
  if (args.mode === 'perf' || args.mode === 'all') perf(sessions, args);
}

await main();
