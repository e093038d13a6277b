import {
  cacheModel,
  createPromptCache,
  requestUnits,
  type CacheUnit,
  type CacheUsage,
  type PromptCache,
  type PromptCacheOptions,
} from '../../core/cache/index.js';
import type { Tokenizer } from '../../core/tokens/index.js';
import type { Block, MessageParam } from '../../core/transcript/index.js';
import { ALL_FIT_RULES, contextVersions, promptsOf, sessionTtl, type FitRule } from './fit-rules.js';
import type { RecordedUsage, UsageCall } from './usage-calls.js';

/** One call: what the model predicts beside what the API billed. */
export interface CallFit {
  recorded: RecordedUsage;
  predicted: CacheUsage;
}

/** A session replayed through the cache model. */
export interface SessionFit {
  /** Fitted size of what the log does not record (tools, system prompt, context), in API tokens. */
  head: number;
  /** The part of the head that is the system prompt (and the tools). */
  system: number;
  /** The part of it other sessions keep warm: what the first call read. */
  shared: number;
  /** Fitted API tokens per cl100k token of the messages the log has no output count for. */
  ratio: number;
  /**
   * Fitted API tokens each tool call and tool result carries besides what is counted: its id, which
   * neither the cl100k count of its content nor the model's output count holds, its framing, and
   * whatever the client sends with it that its log leaves out. Without it, the ratio alone spreads
   * that over the tokens: short round trips came out too small and long ones too large.
   */
  perBlock: number;
  /** Calls at which the rules had Claude Code rebuild its context. */
  headChanges: number;
  calls: CallFit[];
}

export interface FitOptions {
  /**
   * The head stays cached whatever this session does (Claude Code's other sessions share it), when
   * its first call found it so: with the `warm` rule the part that call read, else the system prompt.
   */
  warmHead?: boolean;
  /** The rules the replay follows (fit-rules.ts; default: all of them). */
  rules?: ReadonlySet<FitRule>;
  /** Fit the sizes by the ratio alone, without what each tool block carries (to measure it). */
  ratioOnly?: boolean;
  /** Options of the simulated cache (to measure how much a rule matters, e.g. the lookback). */
  cache?: PromptCacheOptions;
}

/** Tokens a read may fall short of the head before it counts as reading no message. */
const HEAD_SLACK = 64;

/**
 * Replays the calls of one Claude Code session through the core cache model (prompt-cache.ts) the
 * way Claude Code sent them, under the rules (fit-rules.ts): the head (the part other sessions
 * share, the rest of the system prompt — both marked — then the unrecorded context of the first
 * message) and the messages, the last block marked. Assistant messages sent as produced count
 * their recorded output tokens; the rest is cl100k × ratio, and each tool call and result adds
 * perBlock, with head, ratio and perBlock fitted to the recorded per-call totals by least squares
 * (sizes only: what was read and written is not used).
 */
export function fitSession(
  recorded: readonly UsageCall[],
  tokenizer: Tokenizer,
  options: FitOptions = {},
): SessionFit {
  const rules = options.rules ?? ALL_FIT_RULES;
  const calls = promptsOf(recorded, rules);
  const perMessage = calls.map((call) =>
    plain(call.messages).map((message) => requestUnits({ messages: [message] }, tokenizer)),
  );
  const counted = calls.map((call, i) =>
    (perMessage[i] as CacheUnit[][]).reduce(
      (total, units, j) => total + (call.sizes[j] === undefined ? tokensOf(units) : 0),
      0,
    ),
  );
  const framed = calls.map((call) => call.messages.map(framedBlocks));
  const framing = framed.map((list) => list.reduce((total, n) => total + n, 0));
  const rest = calls.map(
    (call) =>
      call.usage.uncached +
      call.usage.read +
      call.usage.written -
      call.sizes.reduce<number>((total, size) => total + (size ?? 0), 0),
  );
  const { head, ratio, perBlock } = options.ratioOnly
    ? { ...fitLine(counted, rest), perBlock: 0 }
    : fitPlane(counted, framing, rest);
  const system = stableHead(calls, head);
  const first = calls[0]?.usage.read ?? 0;
  const warm = options.warmHead === true && first > 0;
  const shared = rules.has('warm') ? Math.min(first, system) : system;
  const ttl = sessionTtl(calls, rules);
  const versions = contextVersions(calls, rules);
  const caches = new Map<string, PromptCache>();
  const cacheOf = (model: string): PromptCache => {
    let cache = caches.get(model);
    if (!cache) {
      const at = rules.has('model') ? { model: cacheModel(model) } : {};
      caches.set(model, (cache = createPromptCache({ ...at, ...options.cache })));
    }
    return cache;
  };
  const fitted: CallFit[] = calls.map((call, i) => {
    const model = rules.has('model') ? call.model : '';
    const version = versions[i] as number;
    const cache = cacheOf(model);
    const headUnits: CacheUnit[] = [];
    if (shared > 0) headUnits.push({ key: `\u0000shared ${model}`, tokens: shared, breakpoint: ttl });
    if (warm && shared > 0) cache.request(headUnits, call.at);
    if (system > shared)
      headUnits.push({ key: `\u0000system ${model}`, tokens: system - shared, breakpoint: ttl });
    if (head > system) headUnits.push({ key: `\u0000context ${model} ${version}`, tokens: head - system });
    const units = (perMessage[i] as CacheUnit[][]).flatMap((list, j) =>
      sized(list, call.sizes[j], ratio, perBlock * ((framed[i] as number[])[j] as number)),
    );
    if (units[0]) units[0] = { ...units[0], key: `${version}\u0000${units[0].key}` };
    const last = units.at(-1);
    if (last) units[units.length - 1] = { ...last, breakpoint: ttl };
    return { recorded: call.usage, predicted: cache.request([...headUnits, ...units], call.at) };
  });
  const headChanges = versions.at(-1) ?? 0;
  return { head, system, shared, ratio, perBlock, headChanges, calls: fitted };
}

/** The system prompt's size as the session's calls read it when they read no message: their median. */
function stableHead(calls: readonly UsageCall[], head: number): number {
  const reads = calls
    .map((call) => call.usage.read)
    .filter((read) => read > 0 && read < head - HEAD_SLACK)
    .sort((a, b) => a - b);
  return Math.min(head, reads[Math.floor(reads.length / 2)] ?? head);
}

function tokensOf(units: readonly CacheUnit[]): number {
  return units.reduce((total, unit) => total + unit.tokens, 0);
}

/** A message's units scaled to its known size, else by the ratio; its blocks' framing on its last. */
function sized(
  units: readonly CacheUnit[],
  size: number | undefined,
  ratio: number,
  framing: number,
): CacheUnit[] {
  const counted = tokensOf(units);
  const scale = size !== undefined && counted > 0 ? size / counted : ratio;
  return units.map((unit, i) => ({
    ...unit,
    tokens: Math.round(unit.tokens * scale + (i === units.length - 1 ? framing : 0)),
  }));
}

/** Tool calls and tool results of a message: the blocks that carry an id. */
function framedBlocks(message: MessageParam): number {
  if (typeof message.content === 'string') return 0;
  return (message.content as Block[]).filter((b) => b.type === 'tool_use' || b.type === 'tool_result').length;
}

/** The request's messages with thinking counted as text (its signature is not what the model reads). */
function plain(messages: readonly MessageParam[]): MessageParam[] {
  return messages.map((message) => {
    const blocks = (message.content as Block[]).map((block): Block =>
      block.type === 'thinking' ? { type: 'text', text: block.thinking } : block,
    );
    return { ...message, content: blocks } as MessageParam;
  });
}

/**
 * Least squares y = head + ratio·x + perBlock·blocks, with head and perBlock ≥ 0 and ratio > 0; where
 * the plane breaks a bound (or the two columns move together), the line without blocks (fitLine).
 */
export function fitPlane(
  x: readonly number[],
  blocks: readonly number[],
  y: readonly number[],
): { head: number; ratio: number; perBlock: number } {
  const n = x.length;
  const line = () => ({ ...fitLine(x, y), perBlock: 0 });
  if (n < 3) return line();
  const mean = (v: readonly number[]) => v.reduce((a, b) => a + b, 0) / n;
  const [mx, mb, my] = [mean(x), mean(blocks), mean(y)];
  let sxx = 0;
  let sbb = 0;
  let sxb = 0;
  let sxy = 0;
  let sby = 0;
  for (let i = 0; i < n; i++) {
    const dx = (x[i] as number) - mx;
    const db = (blocks[i] as number) - mb;
    const dy = (y[i] as number) - my;
    sxx += dx * dx;
    sbb += db * db;
    sxb += dx * db;
    sxy += dx * dy;
    sby += db * dy;
  }
  const det = sxx * sbb - sxb * sxb;
  if (!(det > 1e-9 * sxx * sbb)) return line();
  const ratio = (sxy * sbb - sby * sxb) / det;
  const perBlock = (sby * sxx - sxy * sxb) / det;
  const head = Math.round(my - ratio * mx - perBlock * mb);
  if (!(ratio > 0) || perBlock < 0 || head < 0) return line();
  return { head, ratio, perBlock };
}

/** Least squares y = head + ratio·x with head ≥ 0 (a flat x gives ratio 1). */
export function fitLine(x: readonly number[], y: readonly number[]): { head: number; ratio: number } {
  const n = x.length;
  if (n === 0) return { head: 0, ratio: 1 };
  const mean = (v: readonly number[]) => v.reduce((a, b) => a + b, 0) / n;
  const mx = mean(x);
  const my = mean(y);
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < n; i++) {
    sxy += ((x[i] as number) - mx) * ((y[i] as number) - my);
    sxx += ((x[i] as number) - mx) ** 2;
  }
  const slope = sxx > 0 ? sxy / sxx : 1;
  const ratio = slope > 0 ? slope : 1;
  const head = Math.round(my - ratio * mx);
  if (head >= 0) return { head, ratio };
  return { head: 0, ratio: mx > 0 ? my / mx : 1 };
}
