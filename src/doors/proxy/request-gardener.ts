import type { IncomingHttpHeaders } from 'node:http';
import type { Gardened, ProxyGardener } from './gardening.js';
import type { ModelledBills } from '../../core/cache/index.js';
import type { Usage } from './usage.js';

/** A request body as it goes upstream and what gardening did; `handle` names its garden for settle and done. */
export interface GardenedRequest {
  body: Buffer;
  record: Gardened['record'];
  handle?: number;
  /**
   * The cache model's bill of the request, raw and as sent (the record's `modelled` once answered):
   * priced after the body came back, so it may come a little later (undefined: it could not be billed).
   */
  priced?: Promise<ModelledBills | undefined>;
  /** Call once the body will not be sent again: its memory may then hold the conversation's next body. */
  release?: () => void;
}

/** What the proxy's server asks of gardening: a body in, a body out (the original when gardening failed). */
export interface RequestGardener {
  /** Never rejects: on any failure the original bytes go out (docs/DESIGN.md invariant 8). */
  garden(
    raw: Buffer,
    headers: IncomingHttpHeaders,
    kind: 'messages' | 'count_tokens',
  ): Promise<GardenedRequest>;
  /**
   * A request came in (its body not read yet): settling holds until the function returned is called,
   * once the request is upstream or will not go (calling it again does nothing).
   */
  arrived?(): () => void;
  /** The request went upstream: store its new blocks while the model thinks. */
  settle(gardened: GardenedRequest): void;
  /**
   * Its answer ended; the provider's usage when it was read (calibrates the session's pressure).
   * `refused`: the upstream refused it for a thinking block bound to something gardener changed; the
   * conversation goes out as the client sends it from now on.
   */
  done(gardened: GardenedRequest, usage?: Usage, refused?: boolean): void;
  close(): Promise<void>;
}

/** Gardening on the calling thread (tests that inject a clock or a tokenizer). */
export function inProcessGardener(gardener: ProxyGardener): RequestGardener {
  const open = new Map<number, Gardened>();
  let nextHandle = 1;
  return {
    garden(raw, headers, kind) {
      const gardened =
        kind === 'messages' ? gardener.garden(raw, headers) : gardener.gardenCount(raw, headers);
      const { body, record, inUse } = gardened;
      // On this thread there is no later moment before the next request can come: priced now.
      const priced = gardened.price ? { priced: Promise.resolve(gardened.price()) } : {};
      const release = inUse ? { release: () => Atomics.store(inUse, 0, 0) } : {};
      if (!gardened.session) return Promise.resolve({ body, record, ...priced, ...release });
      const handle = nextHandle++;
      open.set(handle, gardened);
      return Promise.resolve({ body, record, handle, ...priced, ...release });
    },
    settle(request) {
      const gardened = request.handle ? open.get(request.handle) : undefined;
      if (gardened) gardener.settle(gardened);
    },
    done(request, usage, refused) {
      const gardened = request.handle ? open.get(request.handle) : undefined;
      if (request.handle) open.delete(request.handle);
      if (gardened && usage) gardener.observe(gardened, usage);
      if (gardened && refused) gardener.refused(gardened);
    },
    close: () => gardener.close(),
  };
}
