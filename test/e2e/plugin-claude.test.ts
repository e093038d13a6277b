import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadIndex } from '../../src/doors/claude-code/hooks/session-index.js';
import { openStore } from '../../src/core/store/open.js';
import {
  startFakeAnthropic,
  toolReply,
  type FakeAnthropic,
  type RecordedRequest,
  type ScriptStep,
  type StandingReply,
} from '../support/fake-anthropic/index.js';
import type { Json } from '../support/fake-anthropic/types.js';
import {
  CLAUDE_BIN,
  CLAUDE_LATEST_BIN,
  claudeLatestPresent,
  claudePresent,
  HEADLESS_CLAUDE_ENV,
} from '../support/claude-code.js';

/**
 * The plugin inside the real Claude Code: installed from this repository's marketplace into a
 * throwaway HOME, `claude -p` against the fake Messages API. Needs the built package (`npm run build`)
 * and Claude Code, each release present (GARDENER_CLAUDE_BIN and GARDENER_CLAUDE_LATEST_BIN); skips
 * with a message without them. Every reply thinks, and the fake runs its prefix check where the model
 * has preserved thinking (the latest release's default model): the plugin must never make it fail.
 */
const REPO = resolve(import.meta.dirname, '..', '..');
const SESSION = '7e2e7e2e-1111-4222-8333-944445555666';
const NEEDLE = 'NEEDLE-7731-ALPHA';
const RECALL = 'mcp__plugin_gardener_gardener__recall';
const FETCH = 'mcp__plugin_gardener_gardener__fetch';
/** Thinking on every reply, so the fake's prefix check has something to check. */
const THINKING_TOKENS = 120;

interface Release {
  name: string;
  bin: string;
  present: boolean;
  /** Its MCP tools arrive deferred: the model loads them with ToolSearch before calling them. */
  deferred: boolean;
}

const RELEASES: Release[] = [
  { name: '2.1.197', bin: CLAUDE_BIN, present: claudePresent, deferred: false },
  { name: 'latest', bin: CLAUDE_LATEST_BIN, present: claudeLatestPresent, deferred: true },
];

for (const release of RELEASES) pluginSuite(release);

function pluginSuite(release: Release): void {
  const CLAUDE = release.bin;
  const missing = !release.present
    ? `no claude at ${CLAUDE}; set GARDENER_CLAUDE_BIN / GARDENER_CLAUDE_LATEST_BIN`
    : !existsSync(join(REPO, 'dist', 'doors', 'claude-code', 'cli', 'hook-entry.js'))
      ? 'gardener is not built; run npm run build'
      : undefined;
  const title = `gardener plugin in Claude Code ${release.name}${missing ? ` (skipped: ${missing})` : ''}`;

  let root: string;
  let project: string;
  let env: Record<string, string>;
  let fake: FakeAnthropic | undefined;

  function claude(args: string[]): { code: number | null; stdout: string } {
    const run = spawnSync(CLAUDE, args, { cwd: project, env, encoding: 'utf8', timeout: 60_000 });
    return { code: run.status, stdout: `${run.stdout}${run.stderr}` };
  }

  async function session(
    script: ScriptStep[],
    args: string[],
    standing: StandingReply[] = [],
  ): Promise<{ code: number | null; events: Json[] }> {
    fake = await startFakeAnthropic({ script, standing, thinkingReplies: THINKING_TOKENS });
    env['ANTHROPIC_BASE_URL'] = fake.url;
    const child = spawn(
      CLAUDE,
      [...args, '--output-format', 'stream-json', '--verbose', '--dangerously-skip-permissions'],
      { cwd: project, env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    child.stdout.on('data', (part: Buffer) => (out += part.toString()));
    const code = await new Promise<number | null>((done) => child.on('close', done));
    const events = out
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line): Json => JSON.parse(line));
    return { code, events };
  }

  /** Text of the tool results in the newest user message of a request. */
  function lastToolResults(request: RecordedRequest): string {
    const messages: Json[] = request.body?.messages ?? [];
    const last: Json = [...messages].reverse().find((m) => m.role === 'user');
    const blocks: Json[] = Array.isArray(last?.content) ? last.content : [];
    return blocks
      .filter((b) => b.type === 'tool_result')
      .map((b) =>
        typeof b.content === 'string'
          ? String(b.content)
          : (b.content as Json[]).map((p) => String(p.text ?? '')).join('\n'),
      )
      .join('\n');
  }

  /** Originals stored so far for the session (read from the store while Claude Code runs). */
  function storedOriginals(): string[] {
    const path = join(env['GARDENER_HOME']!, 'gardener.db');
    if (!existsSync(path)) return [];
    const store = openStore({ path, readonly: true });
    try {
      return loadIndex(store, { project, session: SESSION }).items.map(
        (i) => store.fetch(i.id)?.original ?? '',
      );
    } finally {
      store.close();
    }
  }

  beforeAll(() => {
    if (missing) return;
    root = mkdtempSync(join(tmpdir(), 'gardener-plugin-e2e-'));
    project = join(root, 'shop');
    mkdirSync(join(project, '.git'), { recursive: true });
    env = {
      PATH: `${join(REPO, 'bin')}:${process.env['PATH'] ?? ''}`,
      HOME: join(root, 'home'),
      GARDENER_HOME: join(root, 'gardener'),
      XDG_RUNTIME_DIR: join(root, 'run'),
      ...HEADLESS_CLAUDE_ENV,
    };
    mkdirSync(env['HOME']!, { recursive: true });
    const added = claude(['plugin', 'marketplace', 'add', REPO]);
    if (added.code !== 0) throw new Error(`marketplace add failed: ${added.stdout}`);
    const installed = claude(['plugin', 'install', 'gardener@gardener']);
    if (installed.code !== 0) throw new Error(`plugin install failed: ${installed.stdout}`);
  });

  afterAll(async () => {
    await fake?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  describe.skipIf(missing !== undefined)(title, () => {
    const seen = {
      storedBeforeSecondCall: false,
      recallHadNeedle: false,
      fetchedWhole: false,
      compactionHadState: false,
      sentGardened: false,
    };
    let largestId = '';

    it('stores tool results as they happen, and the model recalls and fetches the original of an early one', async () => {
      const script: ScriptStep[] = [
        toolReply('Bash', {
          command: `echo 'build id ${NEEDLE} started'; seq 1 1300 | sed 's/^/worker log line /'`,
          description: 'Show the build log',
        }),
        {
          reply: (request) => {
            seen.storedBeforeSecondCall = storedOriginals().some((o) => o.includes(NEEDLE));
            // The long log reached the model already gardened: its summary, and the way back by id.
            seen.sentGardened =
              /^\[gardener: log summary [\d,]+→[\d,]+ tok · mcp__plugin_gardener_gardener__fetch\("\w+"/.test(
                lastToolResults(request),
              );
            return toolReplySpec('Bash', {
              command: "seq 1 1300 | sed 's/^/test output line /'",
              description: 'Tests',
            });
          },
        },
        // A release that defers MCP tools names them in its prompt; the model loads them first.
        ...(release.deferred ? [toolReply('ToolSearch', { query: `select:${RECALL},${FETCH}` })] : []),
        toolReply(RECALL, { query: `${NEEDLE} build id` }),
        {
          reply: (request) => {
            const text = lastToolResults(request);
            seen.recallHadNeedle = text.includes(NEEDLE);
            const parsed = JSON.parse(text) as { results: Array<{ id: string; text: string }> };
            const hit = parsed.results.find((r) => r.text.includes(NEEDLE));
            return hit ? toolReplySpec(FETCH, { id: hit.id }) : 'recall missed';
          },
        },
        {
          reply: (request) => {
            fetched += windowText(lastToolResults(request));
            seen.fetchedWhole =
              fetched.includes(`build id ${NEEDLE} started`) && /worker log line 1300$/m.test(fetched);
            return seen.fetchedWhole ? 'Fetched the original build log.' : 'fetch missed';
          },
        },
      ];
      // A long original comes in windows: the model follows each continuation the tool names.
      let fetched = '';
      let continued = 0;
      const more = /call fetch with id "([^"]+)" and offset (\d+)\]$/;
      const continuation: StandingReply = {
        match: (request) => more.test(lastToolResults(request)),
        reply: (request) => {
          const text = lastToolResults(request);
          const [, id, offset] = more.exec(text)!;
          fetched += windowText(text);
          continued++;
          return toolReplySpec(FETCH, { id, offset: Number(offset) });
        },
      };
      const { code, events } = await session(
        script,
        ['-p', 'Look at the build and the tests', '--session-id', SESSION],
        [continuation],
      );
      expect(code).toBe(0);
      expect(events.find((e) => e.type === 'system' && e.subtype === 'init')?.mcp_servers).toContainEqual(
        expect.objectContaining({ name: 'plugin:gardener:gardener', status: 'connected' }),
      );
      expect(fake!.violations).toEqual([]);
      expect(fake!.remaining()).toBe(0);
      expect(seen.storedBeforeSecondCall).toBe(true);
      expect(seen.sentGardened).toBe(true);
      expect(seen.recallHadNeedle).toBe(true);
      expect(seen.fetchedWhole).toBe(true);
      expect(events.find((e) => e.type === 'result')?.result).toBe('Fetched the original build log.');
      const originals = storedOriginals();
      expect(continued).toBeGreaterThan(0);
      expect(originals).toContain(fetched); // byte for byte, across windows
      expect(originals.some((o) => o.includes('test output line 1300'))).toBe(true);
      expect(existsSync(join(env['GARDENER_HOME']!, 'gardener.log'))).toBe(false); // no hook failed
      await fake!.close();
      fake = undefined;
    }, 120_000);

    it("puts the pre-compact hook's curated state into Claude Code's compaction request (/compact on resume)", async () => {
      const store = openStore({ path: join(env['GARDENER_HOME']!, 'gardener.db'), readonly: true });
      const items = loadIndex(store, { project, session: SESSION }).items;
      store.close();
      largestId = [...items].sort((a, b) => b.tokens - a.tokens)[0]!.id;
      const script: ScriptStep[] = [
        {
          match: (request) => JSON.stringify(request.body?.messages ?? []).includes('Do NOT call any tools'),
          reply: (request) => {
            const text = JSON.stringify(request.body?.messages ?? []);
            seen.compactionHadState =
              text.includes('gardener (context store of this session)') && text.includes(`id=${largestId}`);
            return `<summary>Looked at the build log (gardener id ${largestId}).</summary>`;
          },
        },
      ];
      const { code, events } = await session(script, ['-p', '/compact', '--resume', SESSION]);
      expect(code).toBe(0);
      expect(events.some((e) => e.type === 'system' && e.subtype === 'compact_boundary')).toBe(true);
      expect(seen.compactionHadState).toBe(true);
      expect(fake!.violations).toEqual([]);
      await fake!.close();
      fake = undefined;
    }, 120_000);

    it('after the compaction, a prompt gets the early result back in its context block (user-prompt-submit)', async () => {
      let injected = '';
      const script: ScriptStep[] = [
        {
          reply: (request) => {
            const text = JSON.stringify(request.body?.messages ?? []);
            const begin = text.indexOf('<gardener-injected>');
            injected = begin === -1 ? '' : text.slice(begin, text.indexOf('</gardener-injected>', begin));
            return 'ok';
          },
        },
      ];
      const { code } = await session(script, [
        '-p',
        'Which build id did the worker log start with?',
        '--resume',
        SESSION,
      ]);
      expect(code).toBe(0);
      expect(injected).toContain(NEEDLE);
      expect(injected).toContain(RECALL);
      expect(fake!.violations).toEqual([]);
    }, 120_000);
  });
}

/** The text of one fetch window: without its header line and continuation line. */
function windowText(result: string): string {
  const lines = result.split('\n').slice(1);
  if (lines.at(-1)?.startsWith('[gardener: ')) lines.pop();
  return lines.join('\n');
}

function toolReplySpec(name: string, input: unknown) {
  return { content: [{ type: 'tool_use' as const, name, input }] };
}
