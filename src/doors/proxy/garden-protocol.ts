import type { IncomingHttpHeaders } from 'node:http';
import type { ErrorCode } from '../../errors.js';
import type { ConversationOptions } from './conversations.js';
import type { Gardened } from './gardening.js';
import type { ModelledBills } from '../../core/cache/index.js';
import type { Usage } from './usage.js';

/**
 * What the proxy's main thread and its garden thread say to each other: plain data (structured
 * clone); the client's body on shared memory, a rendered body transferred.
 */

/** Options the garden thread opens its gardens with: those that cross a thread (no functions, no tokenizer object). */
export type ThreadOptions = Omit<ConversationOptions, 'tokenizer' | 'settings'> & {
  settings?: Omit<NonNullable<ConversationOptions['settings']>, 'now'>;
  /**
   * The thread's own nice value (Linux only, where it applies to the calling thread alone): the
   * big-body thread yields the CPU to the proxy's thread and the other conversations' gardening.
   */
  niceness?: number;
  /**
   * One Int32 on shared memory: requests that came in and are not upstream yet (the proxy's thread
   * counts them). Settling holds while it is over 0.
   */
  inFlight?: Int32Array;
};

/** Milliseconds on a clock both threads share (`performance.now()` starts with each thread). */
export function clock(): number {
  return performance.timeOrigin + performance.now();
}

/** Who works a queued job: the garden thread when it takes it first, else it went out as it came. */
export const JOB_QUEUED = 0;
export const JOB_TAKEN = 1;
export const JOB_GIVEN_UP = 2;

export type ToThread =
  | {
      type: 'garden';
      id: number;
      kind: 'messages' | 'count_tokens';
      /** The client's bytes on shared memory (read, never written, by the thread). */
      raw: Uint8Array;
      headers: IncomingHttpHeaders;
      /** One Int32 on shared memory: JOB_QUEUED, then JOB_TAKEN or JOB_GIVEN_UP, whichever comes first. */
      claim: Int32Array;
    }
  | { type: 'settle'; handle: number }
  /** The answer ended; `refused`: the upstream refused it for a thinking block bound to what gardener changed. */
  | { type: 'done'; handle: number; usage?: Usage; refused?: true }
  /** The conversation moved to the other thread: drop its garden here, without saving over what that thread saves. */
  | { type: 'retire'; project: string; session: string }
  | { type: 'close' };

export type FromThread =
  | { type: 'ready' }
  | { type: 'failed'; code: ErrorCode; message: string }
  | {
      type: 'gardened';
      id: number;
      /**
       * The rendered body, transferred, or on shared memory the thread writes the conversation's next
       * body over once `inUse` is 0; absent when it is the client's own bytes, unchanged.
       */
      body?: Uint8Array;
      inUse?: Int32Array;
      record: Gardened['record'];
      handle?: number;
      /** A 'priced' message with the cache model's bill follows (the thread prices after posting this). */
      pricing?: true;
      /** When the thread took the job and when it posted this (ms, `clock()`): the record's queue and back phases. */
      takenAt: number;
      doneAt: number;
    }
  /** The cache model's bill of a gardened job, priced after its bytes went back (none: it could not be billed). */
  | { type: 'priced'; id: number; modelled?: ModelledBills }
  /** The job was given up before the thread took it: nothing was done. */
  | { type: 'skipped'; id: number }
  | { type: 'closed' };
