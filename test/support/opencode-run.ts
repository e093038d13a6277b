import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { startFakeAnthropic } from './fake-anthropic/index.js';
import { startProxy, tallyRequests } from './long-session/run.js';
import { runOpencode } from './opencode.js';
import {
  buildOpencodeWorld,
  opencodeScript,
  opencodeSideReplies,
  type OpencodeSeen,
} from './opencode-session.js';

/** The model opencode runs: Sonnet 5.5, with preserved thinking (its cache reads cost 0.05× input). */
export const OPENCODE_MODEL = 'claude-sonnet-5-5';
const THINKING_TOKENS = 150;

/** How the log went to the model the first time: gardened (summary or stub) or whole. */
export type FirstForm = 'summary' | 'stub' | 'original' | 'missing';

export interface OpencodeFigures {
  exitCode: number | null;
  requests: number;
  failed: number;
  /** Thinking blocks the API dropped (drop_block, `input_transformations`). */
  dropped: number;
  firstForm: FirstForm;
  needleInContext: boolean;
  peak: number;
  cost: number;
  violations: string[];
}

export function firstFormOf(text: string | undefined): FirstForm {
  if (text === undefined || text === '') return 'missing';
  if (/^\[gardener: \w+ summary /.test(text)) return 'summary';
  if (/^\[gardener: \w+ [\d,]+→0 tok/.test(text)) return 'stub';
  return 'original';
}

/** One scripted opencode session, straight to the fake or through `gardener proxy` with `proxy` flags. */
export async function runOpencodeSession(options: {
  proxy?: string[];
  account?: 'new' | 'old';
}): Promise<OpencodeFigures> {
  const world = buildOpencodeWorld();
  const seen: OpencodeSeen = {};
  const fake = await startFakeAnthropic({
    script: opencodeScript(world, seen),
    standing: opencodeSideReplies,
    account: options.account ?? 'new',
    thinkingReplies: THINKING_TOKENS,
  });
  const proxy = options.proxy ? startProxy(fake.url, world.home, world.work, options.proxy) : undefined;
  try {
    const baseURL = proxy ? await proxy.url : fake.url;
    const run = await runOpencode({
      cwd: world.work,
      home: join(world.home, 'opencode'),
      baseURL,
      model: OPENCODE_MODEL,
      prompt: 'Print the test reports, then the app log, and tell me the ledger failure code.',
    });
    const main = fake.requests.filter((r) => Array.isArray(r.body?.tools) && r.body.tools.length > 0);
    const tally = tallyRequests(main);
    return {
      exitCode: run.exitCode,
      requests: main.length,
      failed: main.filter((r) => r.status !== 200).length,
      dropped: tally.dropped,
      firstForm: firstFormOf(seen.logFirstSent),
      needleInContext: seen.needleInContext === true,
      peak: tally.peak,
      cost: tally.cost,
      violations: fake.violations.map((v) => v.message),
    };
  } finally {
    if (proxy && proxy.child.exitCode === null) {
      const exited = new Promise((done) => proxy.child.once('exit', done));
      proxy.child.kill('SIGTERM');
      await exited;
    }
    await fake.close();
    rmSync(world.dir, { recursive: true, force: true });
  }
}
