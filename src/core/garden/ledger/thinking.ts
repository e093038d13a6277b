import {
  createBindingStore,
  createPrefixMemo,
  type BindingStore,
  type PrefixMemo,
} from '../../binding/index.js';

/**
 * What a garden remembers of the thinking blocks it sends back (DESIGN "Preserved thinking"): what
 * the API bound each one to (the request gardener rendered when it was produced), the ones it left
 * out for good, the recalled context it added to a message (sent once, kept there), and whether an
 * upstream refused a request it changed (the conversation then goes out as the client sends it).
 */
export interface ThinkingLedger {
  /** The prefix check's record of the blocks produced for this garden's requests (core/binding). */
  readonly bindings: BindingStore;
  /** Prints of the messages rendered so far, so binding and checking read only what is new. */
  readonly memo: PrefixMemo;
  /** Thinking blocks left out of every request from now on, by identity (core/binding thinkingKey). */
  readonly dropped: Set<string>;
  /** Recalled context added to a message once, by the message's identity: it stays in that message. */
  readonly injections: Map<string, string>;
  /** An upstream refused a request gardener changed: every later one goes out as the client sent it. */
  passThrough: boolean;
}

/** What the saved state keeps of it (the bindings are made again from what the door sends). */
export interface SavedThinking {
  dropped: string[];
  injections: Record<string, string>;
  passThrough: boolean;
}

export function emptySavedThinking(): SavedThinking {
  return { dropped: [], injections: {}, passThrough: false };
}

export function openThinkingLedger(saved: SavedThinking): ThinkingLedger {
  return {
    bindings: createBindingStore(),
    memo: createPrefixMemo(),
    dropped: new Set(saved.dropped),
    injections: new Map(Object.entries(saved.injections)),
    passThrough: saved.passThrough,
  };
}

export function savedThinking(ledger: ThinkingLedger): SavedThinking {
  return {
    dropped: [...ledger.dropped],
    injections: Object.fromEntries(ledger.injections),
    passThrough: ledger.passThrough,
  };
}

/** Reads the saved part, keeping only well-formed entries. */
export function readSavedThinking(value: unknown): SavedThinking {
  const saved = emptySavedThinking();
  if (typeof value !== 'object' || value === null) return saved;
  const raw = value as Partial<Record<keyof SavedThinking, unknown>>;
  if (Array.isArray(raw.dropped))
    saved.dropped = raw.dropped.filter((k): k is string => typeof k === 'string');
  if (typeof raw.injections === 'object' && raw.injections !== null)
    for (const [key, text] of Object.entries(raw.injections))
      if (typeof text === 'string') saved.injections[key] = text;
  saved.passThrough = raw.passThrough === true;
  return saved;
}
