import type { Tokenizer } from '../../src/core/tokens/tokenizer.js';
import { occursIn } from '../../src/doors/bench/needles.js';

/** The ways a needle is asked for, as the model would: each gives the text the model reads. */
export const ASKS = ['hint', 'later', 'instruction'] as const;
export type Ask = (typeof ASKS)[number];

const ASK_LABELS: Record<Ask, string> = {
  hint: 'recall, the stub\'s own recall("…") as query',
  later: 'recall, the later text as query',
  instruction: "the stub's first instruction (show / --grep the later text)",
};

/** What the texts of one way of asking cost, and how many of them hold their needle. */
interface Cost {
  asked: number;
  tokens: number;
  shown: number;
}

/**
 * Tokens of what the model reads per fact it gets back, by source folder of the sessions: each
 * text's tokens over the needles whose text holds them (a text that holds none still costs).
 */
export interface FactCosts {
  add(source: string, ask: Ask, text: string, needle: string): void;
  lines(): string[];
}

export function factCosts(tokenizer: Tokenizer): FactCosts {
  const bySource = new Map<string, Record<Ask, Cost>>();
  const empty = (): Record<Ask, Cost> => ({
    hint: { asked: 0, tokens: 0, shown: 0 },
    later: { asked: 0, tokens: 0, shown: 0 },
    instruction: { asked: 0, tokens: 0, shown: 0 },
  });
  return {
    add(source, ask, text, needle) {
      const costs = bySource.get(source) ?? empty();
      bySource.set(source, costs);
      const cost = costs[ask];
      cost.asked++;
      cost.tokens += tokenizer.count(text);
      if (occursIn(text, needle)) cost.shown++;
    },
    lines() {
      const all = empty();
      const rows = [...bySource].sort(([a], [b]) => a.localeCompare(b));
      for (const [, costs] of rows)
        for (const ask of ASKS) {
          all[ask].asked += costs[ask].asked;
          all[ask].tokens += costs[ask].tokens;
          all[ask].shown += costs[ask].shown;
        }
      const out: string[] = [];
      for (const ask of ASKS) {
        out.push(`  ${ASK_LABELS[ask]}: facts shown · tokens read · tokens per fact shown`);
        for (const [source, costs] of [...rows, ['all', all] as const])
          out.push(`    ${source.padEnd(24)} ${row(costs[ask])}`);
      }
      return out;
    },
  };
}

function row(cost: Cost): string {
  const perFact = cost.shown === 0 ? '—' : (cost.tokens / cost.shown).toFixed(0);
  return `${String(cost.shown).padStart(4)} of ${String(cost.asked).padEnd(4)} · ${String(cost.tokens).padStart(8)} · ${perFact.padStart(6)}`;
}
