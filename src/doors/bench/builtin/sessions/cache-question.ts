import type { Transcript } from '../../../../core/transcript/index.js';
import { AGENT_SYSTEM, AGENT_TOOLS } from '../agent.js';
import { createSessionBuilder, numbered } from '../builder.js';
import { grepOutput } from '../misc.js';
import { createRng } from '../random.js';

/** A short question-and-answer session (fewer than 10 calls: reported, not aggregated). */
export function cacheQuestionSession(): Transcript {
  const rng = createRng(1207);
  const root = '/home/dev/relay';
  const s = createSessionBuilder(
    {
      id: 'builtin-cache-question',
      title: 'relay: where is the cache TTL set?',
      system: AGENT_SYSTEM,
      tools: AGENT_TOOLS,
      cwd: root,
      model: 'claude-haiku-4-5',
      startedAt: '2025-04-03T08:05:00Z',
    },
    rng,
  );
  s.user('Where do we set the TTL of the webhook signature cache, and what is it in production?');
  s.tool(
    'Grep',
    { pattern: 'signatureCache|SIGNATURE_TTL', path: 'src' },
    grepOutput([
      {
        path: 'src/http/signature.ts',
        line: 12,
        text: 'const SIGNATURE_TTL_MS = Number(process.env.RELAY_SIGNATURE_TTL_MS ?? 300_000);',
      },
      {
        path: 'src/http/signature.ts',
        line: 27,
        text: 'const signatureCache = new LRUCache<string, boolean>({ max: 10_000, ttl: SIGNATURE_TTL_MS });',
      },
      {
        path: 'src/http/server.ts',
        line: 88,
        text: "  app.addHook('preHandler', verifySignature(signatureCache));",
      },
    ]),
  );
  s.tool(
    'Bash',
    { command: 'grep -rn SIGNATURE_TTL deploy/ config/' },
    'deploy/production/relay.env:7:RELAY_SIGNATURE_TTL_MS=900000\ndeploy/staging/relay.env:7:RELAY_SIGNATURE_TTL_MS=60000',
  );
  s.say(
    'It is set in src/http/signature.ts:12 from `RELAY_SIGNATURE_TTL_MS`, default 300000 ms (5 minutes). Production overrides it to 900000 (15 minutes) in deploy/production/relay.env:7; staging uses 60000.',
  );
  s.user('Is 15 minutes safe given the replay window of our signatures?');
  s.tool('Read', { file_path: `${root}/src/http/signature.ts`, limit: 45 }, numbered(SIGNATURE));
  s.say(
    'Yes: signatures carry a timestamp and `verifySignature` rejects anything older than 5 minutes (MAX_SKEW_MS, line 15) before the cache is consulted. The cache only prevents re-verifying the same signature; a longer TTL costs memory (at most 10000 entries), not safety.',
  );
  return s.build();
}

const SIGNATURE = `import { createHmac, timingSafeEqual } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Webhook signatures: \`t=<unix seconds>,v1=<hex hmac-sha256 of "t.body">\`.
 * A signature older than MAX_SKEW_MS is rejected before anything else, so a replayed request
 * fails even when its signature is cached.
 */

const SIGNATURE_TTL_MS = Number(process.env.RELAY_SIGNATURE_TTL_MS ?? 300_000);
const SECRET = process.env.RELAY_WEBHOOK_SECRET ?? '';
/** Requests signed longer ago than this are replays. */
const MAX_SKEW_MS = 5 * 60_000;

export const signatureCache = new LRUCache<string, boolean>({ max: 10_000, ttl: SIGNATURE_TTL_MS });

export function verifySignature(cache: LRUCache<string, boolean>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers['relay-signature'];
    if (typeof header !== 'string') return reply.code(401).send({ error: 'missing signature' });
    const parts = Object.fromEntries(header.split(',').map((kv) => kv.split('=') as [string, string]));
    const timestamp = Number(parts.t) * 1000;
    if (!Number.isFinite(timestamp) || Math.abs(Date.now() - timestamp) > MAX_SKEW_MS) {
      return reply.code(401).send({ error: 'stale signature' });
    }
    if (cache.get(header)) return;
    const expected = createHmac('sha256', SECRET).update(\`\${parts.t}.\${request.rawBody}\`).digest();
    const given = Buffer.from(parts.v1 ?? '', 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reply.code(401).send({ error: 'bad signature' });
    }
    cache.set(header, true);
  };
}`;
