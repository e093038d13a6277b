import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openSession } from '../../kit/session.js';
import { PROXY_KEEP_LAST_TURNS } from '../../../core/garden/constants.js';
import { openStore } from '../../../core/store/index.js';
import type { GardenerStore } from '../../../core/store/index.js';
import type { Tokenizer } from '../../../core/tokens/index.js';
import { cacheQuestionSession } from '../builtin/sessions/cache-question.js';
import { pipelineKeyErrorSession } from '../builtin/sessions/pipeline-keyerror.js';
import { retryConfigSession } from '../builtin/sessions/retry-config.js';
import type { BenchSession, Strategy } from '../types.js';
import { recall } from '../../../core/recall/index.js';
import { recallText } from '../facts.js';
import { createProxySend } from '../proxy-send.js';
import { recordedRequest } from './context.js';

/** The replay clock: a call every this many ms, so the engine's cache timing is deterministic. */
export const REPLAY_CALL_INTERVAL_MS = 10_000;
/** The replay clock starts here (2025-01-01T00:00:00Z). */
const REPLAY_EPOCH = Date.UTC(2025, 0, 1);
/** Recall hits are not cut by tokens for fidelity: docs/BENCH.md asks for the top 5. */
const RECALL_MAX_TOKENS = Number.MAX_SAFE_INTEGER;
/** Budget of the warm-up replay: small, so planning and every compressor run. */
const WARM_UP_BUDGET = 4_000;
/** Messages of the TypeScript built-in session the warm-up replays (code, JSON, logs). */
const WARM_UP_MESSAGES = 24;

/**
 * Replays a few built-in sessions once, untimed, in a scope of its own: the engine loads its
 * grammars and NLP model lazily, and that one-time start-up is not a per-call cost.
 */
function warmUp(store: GardenerStore, tokenizer: Tokenizer): void {
  const retry = retryConfigSession();
  const sessions = [
    pipelineKeyErrorSession(),
    cacheQuestionSession(),
    { ...retry, messages: retry.messages.slice(0, WARM_UP_MESSAGES) },
  ];
  for (const transcript of sessions) {
    const session = openSession({
      store,
      scope: { project: 'bench-warm-up', session: transcript.id },
      budget: WARM_UP_BUDGET,
      tokenizer,
      config: { persist: false },
    });
    transcript.messages.forEach((message, index) => {
      if (message.role === 'assistant')
        session.next({ ...transcript, messages: transcript.messages.slice(0, index) });
    });
    session.close();
  }
}

/**
 * A session's project in the run's store: named by the session (BenchSession.name), not by its place
 * in the run nor by where the run starts (entry ids derive from the project, so its stubs, and its
 * figures, depend on neither what ran before it nor the working directory).
 */
function scopeOf(bench: BenchSession, taken: Set<string>): { project: string; session: string } {
  let project = `bench:${bench.name}`;
  for (let n = 2; taken.has(project); n++) project = `bench:${bench.name}#${n}`;
  taken.add(project);
  return { project, session: bench.transcript.id || `session-${taken.size}` };
}

/**
 * The run's stores: each session's new, in a folder of its own that goes with it when it closes; the
 * warm-up's first. All in one temporary folder, removed with the run.
 */
export function createRunStores(): {
  open: (tokenizer: Tokenizer) => { store: GardenerStore; remove: () => void };
  close: () => void;
} {
  let folder: string | undefined;
  let opened = 0;
  return {
    open(tokenizer) {
      if (!folder) {
        folder = mkdtempSync(path.join(tmpdir(), 'gardener-bench-'));
        const warm = openStore({ path: path.join(folder, 'warm-up.db') });
        warmUp(warm, tokenizer);
        warm.close();
      }
      const dir = path.join(folder, `session-${++opened}`);
      mkdirSync(dir);
      const store = openStore({ path: path.join(dir, 'bench.db') });
      return {
        store,
        remove: () => {
          store.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
    close() {
      if (folder) rmSync(folder, { recursive: true, force: true });
      folder = undefined;
    },
  };
}

/**
 * `gardener`: the real engine (docs/DESIGN.md) with its default config, each session over a store of
 * its own in a temporary folder for the run (its project named by the session). Nothing crosses
 * sessions, not even the full-text index's word statistics that rank recall: a session's figures do
 * not depend on which others ran. Each call syncs the transcript so far, plans and renders; the CPU
 * time of those three steps is the call's `ms` (after a one-time, untimed warm-up). The budget is
 * `--budget`, else the window.
 */
export function createGardenerStrategy(): Strategy {
  const stores = createRunStores();
  const projects = new Set<string>();

  return {
    name: 'gardener',
    start(bench, options) {
      const { store: db, remove } = stores.open(options.meter.tokenizer);
      const scope = scopeOf(bench, projects);
      let call = 0;
      const now = (): number => REPLAY_EPOCH + call * REPLAY_CALL_INTERVAL_MS;
      const proxy = createProxySend(options.meter.tokenizer);
      const session = openSession({
        store: db,
        scope,
        budget: options.budget ?? options.window,
        tokenizer: options.meter.tokenizer,
        config: {
          now,
          keepLastTurns: PROXY_KEEP_LAST_TURNS,
          ...(options.prefixCheck !== undefined ? { prefixCheck: options.prefixCheck } : {}),
        },
      });
      const { transcript, calls } = bench;
      // The model's recall knows what the engine shows it in full (garden.recall).
      const inContext = (id: string): boolean => session.garden.inContext(id);
      const asked = (query: string, limit: number) =>
        recall(db, query, scope, { limit, touch: false, maxTokens: RECALL_MAX_TOKENS, inContext });
      return {
        context(index) {
          call = index;
          const end = calls[index]?.messageIndex ?? transcript.messages.length;
          const eventsBefore = session.garden.counters().events;
          const started = process.cpuUsage();
          const { request } = session.next({ ...transcript, messages: transcript.messages.slice(0, end) });
          const spent = process.cpuUsage(started);
          const sent = proxy.send(request, recordedRequest(bench, index), now());
          session.garden.observeCost(sent.costs);
          return {
            request,
            events: session.garden.counters().events - eventsBefore,
            ms: (spent.user + spent.system) / 1000,
            marks: sent.marks,
          };
        },
        recall(query, limit) {
          if (query === '') return [];
          return asked(query, limit).hits.map((hit) => db.fetch(hit.id)?.original ?? '');
        },
        recallShown(query, limit) {
          if (query === '') return { first: '', all: '' };
          const result = asked(query, limit);
          return { first: recallText(result, 1), all: recallText(result, limit) };
        },
        recallResult: (query, recallOptions) => recall(db, query, scope, { touch: false, ...recallOptions }),
        inContext,
        thinkingRepaired: () => session.garden.counters().thinkingRepaired,
        close() {
          session.close();
          remove();
        },
      };
    },
    close: () => stores.close(),
  };
}
