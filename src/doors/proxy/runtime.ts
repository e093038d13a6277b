import { defaultTokenizer } from '../../core/tokens/index.js';
import { startGardenThread } from './garden-thread.js';
import { createProxyGardener, type ProxyGardenerOptions } from './gardening.js';
import { liveFigures, writeLive } from '../kit/live.js';
import type { RequestRecord } from './records.js';
import { inProcessGardener, type RequestGardener } from './request-gardener.js';
import { startProxyServer, type ProxyServer } from './server.js';
import { emptyTally, tallyRecord, type ProxyTally, type SessionTally } from './tally.js';

export interface ProxyRuntimeOptions extends ProxyGardenerOptions {
  upstream: URL;
  host: string;
  port: number;
  /**
   * Garden on this thread instead of the garden thread (also when a tokenizer or a clock is given:
   * they cannot cross threads). Then a big body holds every other request while it is gardened.
   */
  inProcess?: boolean;
  /** Give up on an upstream silent this long (default: UPSTREAM_IDLE_MS). */
  upstreamIdleMs?: number;
  /** Told of each request once it is complete, with the tally that includes it. */
  onRecord?: (record: RequestRecord, tally: ProxyTally) => void;
}

/** A running proxy: server, gardens, tally and the status line's live files. */
export interface ProxyRuntime {
  readonly server: ProxyServer;
  tally(): ProxyTally;
  /** Stops accepting requests, then settles and saves every garden. */
  close(): Promise<void>;
}

export async function openProxy(options: ProxyRuntimeOptions): Promise<ProxyRuntime> {
  const gardener = await openGardener(options);
  let tally = emptyTally();
  const writes = new Map<string, Promise<void>>();

  const publish = (clientSession: string) => {
    // The status line shows the client session's largest conversation (the main one, not a side call).
    let main: SessionTally | undefined;
    for (const row of Object.values(tally.sessions))
      if (row.clientSession === clientSession && (!main || row.rawTokens > main.rawTokens)) main = row;
    if (!main) return;
    const figures = liveFigures({ ...main, clientSession });
    const previous = writes.get(clientSession) ?? Promise.resolve();
    const done = previous.then(() => writeLive(options.storePath, figures));
    writes.set(clientSession, done);
    void done.finally(() => {
      if (writes.get(clientSession) === done) writes.delete(clientSession);
    });
  };

  let server: ProxyServer;
  try {
    server = await startProxyServer({
      upstream: options.upstream,
      gardener,
      host: options.host,
      port: options.port,
      ...(options.upstreamIdleMs ? { upstreamIdleMs: options.upstreamIdleMs } : {}),
      onRecord: (record) => {
        tally = tallyRecord(tally, record);
        if (record.kind === 'messages' && record.clientSession) publish(record.clientSession);
        options.onRecord?.(record, tally);
      },
    });
  } catch (error) {
    await gardener.close();
    throw error;
  }
  return {
    server,
    tally: () => tally,
    async close() {
      await server.close();
      await Promise.all([...writes.values()]);
      await gardener.close();
    },
  };
}

/** The garden thread, or gardening on this thread when asked (or when options cannot cross threads). */
async function openGardener(options: ProxyRuntimeOptions): Promise<RequestGardener> {
  const { tokenizer, settings, inProcess } = options;
  if (inProcess || tokenizer || settings?.now) {
    // The tokenizer loads on first use (about a second): pay it now, not on the first request.
    (tokenizer ?? defaultTokenizer()).count('gardener');
    return inProcessGardener(createProxyGardener(options));
  }
  const { storePath, budget, cwd, project, redact } = options;
  return startGardenThread({
    storePath,
    budget,
    cwd,
    ...(project !== undefined ? { project } : {}),
    ...(redact !== undefined ? { redact } : {}),
    ...(settings ? { settings } : {}),
  });
}
