import type { DoorSession, NextRequest } from '../../kit/session.js';
import { GardenerError, isGardenerError } from '../../../errors.js';
import { integer } from '../../../core/format/index.js';
import type { Transcript } from '../../../core/transcript/index.js';

/** Figures of a "prompt is too long" answer. */
export interface OverflowFigures {
  tokens: number;
  maximum: number;
}

/** After an overflow, compact to this share of the smaller of the budget and the model's maximum. */
export const OVERFLOW_TARGET_SHARE = 0.8;
/** A budget found above the model's maximum is lowered to this share of it, for the rest of the session. */
export const BUDGET_UNDER_MAXIMUM = 0.9;

/** The figures of a "prompt is too long" failure, or undefined for any other error. */
export function overflowOf(error: unknown): OverflowFigures | undefined {
  if (!(error instanceof Error)) return undefined;
  const coded = error as Error & { code?: unknown; tokens?: unknown; maximum?: unknown };
  if (
    typeof coded.tokens === 'number' &&
    typeof coded.maximum === 'number' &&
    coded.code === 'PROVIDER_OVERFLOW'
  )
    return { tokens: coded.tokens, maximum: coded.maximum };
  const match = /prompt is too long:\s*(\d+)\s*tokens\s*>\s*(\d+)/i.exec(error.message);
  if (match && (coded.code === 'PROVIDER_OVERFLOW' || !isGardenerError(error) || error.code === 'PROVIDER'))
    return { tokens: Number(match[1]), maximum: Number(match[2]) };
  return undefined;
}

/**
 * The one forced compaction an overflow earns: the provider's count calibrates the engine, a budget
 * above the model's maximum comes down under it, then the
 * request is compacted to a target under the maximum (and, if that shortens nothing, every block to
 * its summary). Throws, with the figures, when the request did not change: a retry would fail the same.
 */
export function compactAfterOverflow(
  session: DoorSession,
  transcript: Transcript,
  sent: { tokens: number },
  figures: OverflowFigures,
): NextRequest {
  const { garden } = session;
  garden.observeUsage(figures.tokens);
  if (garden.budget() > figures.maximum) garden.setBudget(Math.floor(figures.maximum * BUDGET_UNDER_MAXIMUM));
  const target = Math.floor(Math.min(garden.budget(), figures.maximum) * OVERFLOW_TARGET_SHARE);
  let next = session.next(transcript, { target });
  if (next.plan.tokens >= sent.tokens) {
    garden.compactAll();
    next = session.next(transcript, { target });
  }
  if (next.plan.tokens >= sent.tokens) {
    throw new GardenerError(
      'PROVIDER',
      `the request is ${integer(figures.tokens)} tokens, over the model's maximum of ${integer(figures.maximum)}, and compaction could not shorten it (${integer(sent.tokens)} estimated tokens before and after); not retrying`,
      {
        hint: 'What remains is protected (system, tools, the latest turns, pinned blocks): lower --budget, /clear, or unpin blocks.',
      },
    );
  }
  return next;
}
