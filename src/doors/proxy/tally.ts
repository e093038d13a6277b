import type { RequestRecord } from './records.js';
import { cacheModel } from '../../core/cache/constants.js';
import { sentCost, unmanagedCost } from './savings.js';
import { inputTotal } from './usage.js';

/** One conversation as the proxy saw it so far. */
export interface SessionTally {
  session: string;
  clientSession: string | undefined;
  project: string | undefined;
  requests: number;
  events: number;
  /** Estimated tokens of the latest request as the client sent it, and as it went out. */
  rawTokens: number;
  sentTokens: number;
  /** The provider's count of the latest request, when it reported one. */
  providerTokens: number | undefined;
  budget: number | undefined;
  byClass: Record<string, number>;
  byForm: Record<string, number>;
  /** Σ over requests of estimated tokens as the client sent them, and as they went out. */
  tokensRawTotal: number;
  tokensSentTotal: number;
  /** Σ over requests of (raw − sent) estimated tokens. */
  tokensSaved: number;
  /**
   * Input cost in input-token units of the answered requests: as paid (the upstream's usage), and
   * unmanaged (paid + the cache model's bill of the request as the client sent it − of it as sent;
   * a request passed through unchanged, or one the client could not have sent unmanaged, adds what was paid).
   */
  costSent: number;
  costRaw: number;
  /** The same in US dollars, for models with a known price (src/doors/kit/provider/prices.ts). */
  dollarsSent: number;
  dollarsRaw: number;
  failedOpen: number;
  /** Requests that got no answer to count (an error status, or none): apart from every total. */
  failed: number;
  /** Answered requests the client could not have sent unmanaged (over the model's window). */
  rawOverWindow: number;
  lastStatus: number;
  updatedAt: number;
}

/** Everything the proxy did, per conversation and in total. */
export interface ProxyTally {
  requests: number;
  gardened: number;
  passedThrough: number;
  refused: number;
  aborted: number;
  sessions: Record<string, SessionTally>;
}

export function emptyTally(): ProxyTally {
  return { requests: 0, gardened: 0, passedThrough: 0, refused: 0, aborted: 0, sessions: {} };
}

/** Folds one request's record in (pure: returns a new tally; the dashboard's reducer). */
export function tallyRecord(tally: ProxyTally, record: RequestRecord): ProxyTally {
  const next: ProxyTally = {
    ...tally,
    requests: tally.requests + 1,
    gardened: tally.gardened + (record.gardened ? 1 : 0),
    passedThrough: tally.passedThrough + (record.kind === 'messages' && !record.gardened ? 1 : 0),
    refused: tally.refused + (record.kind === 'refused' ? 1 : 0),
    aborted: tally.aborted + (record.aborted ? 1 : 0),
  };
  if (record.kind !== 'messages' || record.session === undefined) return next;
  const before = tally.sessions[record.session];
  const row: SessionTally = before
    ? { ...before }
    : {
        session: record.session,
        clientSession: record.clientSession,
        project: record.project,
        requests: 0,
        events: 0,
        rawTokens: 0,
        sentTokens: 0,
        providerTokens: undefined,
        budget: undefined,
        byClass: {},
        byForm: {},
        tokensRawTotal: 0,
        tokensSentTotal: 0,
        tokensSaved: 0,
        costSent: 0,
        costRaw: 0,
        dollarsSent: 0,
        dollarsRaw: 0,
        failedOpen: 0,
        failed: 0,
        rawOverWindow: 0,
        lastStatus: 0,
        updatedAt: 0,
      };
  row.requests++;
  row.lastStatus = record.status;
  row.updatedAt = record.at;
  if (record.failOpen) row.failedOpen++;
  if (record.event) row.events++;
  if (record.status !== 200) {
    if (!record.aborted) row.failed++;
  } else if (record.gardened && record.rawTokens !== undefined && record.sentTokens !== undefined)
    addAnswered(row, record, record.rawTokens, record.sentTokens);
  next.sessions = { ...tally.sessions, [record.session]: row };
  return next;
}

/** Folds in a gardened request that was answered: its tokens, and its cost paid and unmanaged. */
function addAnswered(row: SessionTally, record: RequestRecord, rawTokens: number, sentTokens: number): void {
  row.rawTokens = rawTokens;
  row.sentTokens = sentTokens;
  row.tokensRawTotal += rawTokens;
  row.tokensSentTotal += sentTokens;
  row.tokensSaved += Math.max(0, rawTokens - sentTokens);
  if (record.budget !== undefined) row.budget = record.budget;
  if (record.byClass) row.byClass = record.byClass;
  if (record.byForm) row.byForm = record.byForm;
  if (record.rawOverWindow) row.rawOverWindow++;
  if (!record.usage) return;
  row.providerTokens = inputTotal(record.usage);
  const model = cacheModel(record.model);
  const sent = sentCost(record.usage, model);
  const raw = record.rawOverWindow ? sent : unmanagedCost(sent, row.providerTokens, record.modelled, model);
  row.costSent += sent;
  row.costRaw += raw;
  const price = record.model ? model.dollars : undefined;
  if (price) {
    row.dollarsSent += (sent * price.input) / 1_000_000;
    row.dollarsRaw += (raw * price.input) / 1_000_000;
  }
}

/** Totals over the sessions. */
export function tallyTotals(tally: ProxyTally): {
  events: number;
  tokensRaw: number;
  tokensSent: number;
  tokensSaved: number;
  costSent: number;
  costRaw: number;
  dollarsSent: number;
  dollarsRaw: number;
  failed: number;
} {
  const totals = {
    failed: 0,
    events: 0,
    tokensRaw: 0,
    tokensSent: 0,
    tokensSaved: 0,
    costSent: 0,
    costRaw: 0,
    dollarsSent: 0,
    dollarsRaw: 0,
  };
  for (const row of Object.values(tally.sessions)) {
    totals.events += row.events;
    totals.failed += row.failed;
    totals.tokensRaw += row.tokensRawTotal;
    totals.tokensSent += row.tokensSentTotal;
    totals.tokensSaved += row.tokensSaved;
    totals.costSent += row.costSent;
    totals.costRaw += row.costRaw;
    totals.dollarsSent += row.dollarsSent;
    totals.dollarsRaw += row.dollarsRaw;
  }
  return totals;
}

/** Pressure of a conversation: the provider's count when known, else our estimate, over the budget. */
export function sessionPressure(row: SessionTally): number | undefined {
  if (!row.budget) return undefined;
  return (row.providerTokens ?? row.sentTokens) / row.budget;
}
