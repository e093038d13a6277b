import { bindProduced, checkRequest, createBindingStore, thinkingKey } from '../../core/binding/index.js';
import type { BindingFailure } from '../../core/binding/index.js';
import { contentBlocks } from '../../core/transcript/index.js';
import type { MessageParam, MessagesRequest } from '../../core/transcript/index.js';

/** The first thinking block of a call's request that fails the API's prefix check. */
export interface PrefixFailure {
  call: number;
  /** `messages.{i}.content.{j}`: where the failing block is in the request as sent. */
  path: string;
  reason: BindingFailure['reason'];
  /** The first position that changed since the block was produced: `tools`, `system` or a path. */
  changedAt?: string;
}

/** What the check found over one strategy's replay of one session. */
export interface PrefixTally {
  /** The calls whose request would fail, in order. */
  failed: number[];
  /** The first of them, and why. */
  first?: PrefixFailure;
  /** Thinking blocks of the recorded context that the last call's request leaves out. */
  leftOut: number;
  /**
   * Of the thinking the engine left out, the blocks its own check caught just before sending
   * (the plan had changed what they were bound to): gardener only.
   */
  repaired?: number;
}

type Json = Record<string, unknown>;

/**
 * The API's prefix check over one replay (docs/BENCH.md § Preserved thinking): each call's request is
 * checked as the strategy sends it, before any recovery by the client, and the recorded reply's
 * thinking blocks are then bound to that request, as the API binds what it produces. A request that
 * fails binds its reply as if the failing blocks had been dropped (`drop_block`): the strategy
 * under test sends what it sends whatever the answer, so only its own requests decide the count.
 *
 * No prefix memo: a message object a strategy changed in place would keep its old print, and the
 * check must not trust the strategy it checks.
 */
export function createPrefixCheck(): {
  next(call: number, sent: MessagesRequest, reply: MessageParam | undefined): PrefixFailure | undefined;
  /** The findings; `recorded`: the last call's context as recorded, to count the thinking left out. */
  tally(recorded: readonly MessageParam[]): PrefixTally;
} {
  const store = createBindingStore();
  const tally: PrefixTally = { failed: [], leftOut: 0 };
  let last: MessagesRequest | undefined;
  return {
    next(call, sent, reply) {
      last = sent;
      const request = sent as unknown as Json;
      const check = checkRequest(request, store);
      const first = check.failures[0];
      let failure: PrefixFailure | undefined;
      if (first) {
        failure = { call, path: first.path, reason: first.reason };
        if (check.changedAt !== undefined) failure.changedAt = check.changedAt;
        tally.failed.push(call);
        tally.first ??= failure;
      }
      if (reply)
        bindProduced(request, contentBlocks(reply), store, {
          dropped: new Set(check.failures.map((f) => f.path)),
        });
      return failure;
    },
    tally(recorded) {
      const kept = new Set(thinkingKeys(last?.messages ?? []));
      tally.leftOut = thinkingKeys(recorded).filter((key) => !kept.has(key)).length;
      return tally;
    },
  };
}

/** The identities of the thinking blocks of some messages (core/binding thinkingKey). */
function thinkingKeys(messages: readonly MessageParam[]): string[] {
  return messages.flatMap((message) =>
    contentBlocks(message)
      .filter((block) => block.type === 'thinking' || block.type === 'redacted_thinking')
      .map((block) => thinkingKey(block as unknown as Json)),
  );
}
