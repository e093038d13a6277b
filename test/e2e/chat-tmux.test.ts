import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeAnthropic, ScriptStep } from '../support/fake-anthropic/index.js';

/**
 * `gardener chat` in a real terminal: tmux runs the CLI (from source, through tsx) against the fake
 * Messages API; the test types as a user would and reads the screen with capture-pane.
 * Set GARDENER_TUI_CAPTURE=FILE to keep the last screen.
 */
const root = path.resolve(import.meta.dirname, '../..');
const tsxLoader = path.join(root, 'node_modules/tsx/dist/loader.mjs');
const missing = [
  spawnSync('tmux', ['-V']).status === 0 ? undefined : 'tmux',
  existsSync(path.join(root, 'src/doors/chat/cli/chat.ts')) ? undefined : 'src/doors/chat/cli/chat.ts',
  existsSync(path.join(root, 'test/support/fake-anthropic/server.ts')) ? undefined : 'the fake Messages API',
  existsSync(tsxLoader) ? undefined : 'tsx',
].filter((m) => m !== undefined);
if (missing.length > 0) console.warn(`skipping the tmux chat test: no ${missing.join(', ')}`);

const SOCKET = `gardener-e2e-${process.pid}`;
const tmux = (...args: string[]) => execFileSync('tmux', ['-L', SOCKET, ...args], { encoding: 'utf8' });
const screen = () => tmux('capture-pane', '-p', '-t', 'chat');
const quote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

/** Polls the screen until it matches; throws with the screen after `timeout` ms. */
async function waitForScreen(match: RegExp, timeout = 30_000): Promise<string> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const text = screen();
    if (match.test(text)) return text;
    if (Date.now() > deadline) throw new Error(`the screen never showed ${String(match)}:\n${text}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

let fake: FakeAnthropic | undefined;
let folder: string | undefined;
afterEach(async () => {
  spawnSync('tmux', ['-L', SOCKET, 'kill-server']);
  await fake?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
  fake = undefined;
  folder = undefined;
});

/**
 * Starts `gardener chat` in a tmux window of this size, in a fresh folder holding vat.ts and
 * `files` (paths relative to it), with `flags` after the defaults.
 */
function launchChat(
  url: string,
  columns: number,
  rows: number,
  files: Record<string, string> = {},
  flags = '',
): void {
  folder = realpathSync(mkdtempSync(path.join(tmpdir(), 'gardener-tmux-')));
  const cwd = path.join(folder, 'work');
  mkdirSync(cwd);
  writeFileSync(path.join(cwd, 'vat.ts'), 'export const rate = 0.19;\n');
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(cwd, name)), { recursive: true });
    writeFileSync(path.join(cwd, name), text);
  }
  const env = {
    TSX_TSCONFIG_PATH: path.join(root, 'tsconfig.json'),
    ANTHROPIC_BASE_URL: url,
    ANTHROPIC_API_KEY: 'test',
    ANTHROPIC_MODEL: 'claude-sonnet-5-5', // chat's default: thinking bound to its prefix, the check on
    GARDENER_HOME: path.join(folder, 'home'),
    CI: 'true', // as on CI, where Ink would draw nothing live unless chat keeps it from seeing it
  };
  const chat = [
    'env',
    ...Object.entries(env).map(([k, v]) => `${k}=${quote(v)}`),
    process.execPath,
    '--import',
    quote(pathToFileURL(tsxLoader).href),
    quote(path.join(root, 'src/cli/main.ts')),
    'chat --db',
    quote(path.join(folder, 'gardener.db')),
    '--project e2e --budget 16000',
    flags,
  ].join(' ');
  tmux(
    'new-session',
    '-d',
    '-s',
    'chat',
    '-x',
    String(columns),
    '-y',
    String(rows),
    '-c',
    cwd,
    `${chat}; echo "chat exited $?"; sleep 600`,
  );
}

describe.skipIf(missing.length > 0)('gardener chat in a real terminal (tmux)', () => {
  it('takes a typed prompt, shows the tool line, the streamed reply and the pressure footer; Ctrl+C interrupts, then quits', async () => {
    const { startFakeAnthropic, toolReply } = await import('../support/fake-anthropic/index.js');
    const script: ScriptStep[] = [
      toolReply('read', { path: 'vat.ts' }),
      {
        reply: {
          content: [{ type: 'text', text: 'The rate is 0.19 in vat.ts;\nit should be 0.2.' }],
          chunkDelayMs: 20,
        },
      },
      {
        reply: {
          content: [{ type: 'text', text: 'A slow start, then never the end of this answer.' }],
          chunkDelayMs: 1_500,
        },
      },
    ];
    // Every reply thinks (the default model keeps thinking bound to its prefix): no request may fail the check.
    fake = await startFakeAnthropic({ script, thinkingReplies: 120 });
    launchChat(fake.url, 110, 40);

    await waitForScreen(/0 \/ 16k · 0%/, 60_000);
    tmux('send-keys', '-t', 'chat', '-l', 'why is the vat wrong?');
    tmux('send-keys', '-t', 'chat', 'Enter');

    // The turn is over when the input says so again (saving the session ends it, after the reply).
    const shown = await waitForScreen(/it should be 0\.2\.[\s\S]*Enter send[\s\S]*2 calls/);
    expect(shown).toContain('› why is the vat wrong?');
    expect(shown).toMatch(/● read vat\.ts → 1 line, \d+ chars/);
    expect(shown).toContain('The rate is 0.19 in vat.ts;');
    expect(shown).toMatch(/▕█+░+▏ [\d.]+k \/ 16k · \d+% · compacts at \d+%/);
    expect(shown).toMatch(/■ sys\+tools [\d.]+k/);
    expect(shown).toMatch(/form original \d+ \(\d+\)\s+summary/);
    expect(shown).toMatch(/cache \d+% · cost \$\d\.\d+ vs \$\d\.\d+ unmanaged/);
    expect(fake.requests).toHaveLength(2);
    const capture = process.env['GARDENER_TUI_CAPTURE'];
    if (capture) writeFileSync(capture, shown.trimEnd() + '\n');

    tmux('send-keys', '-t', 'chat', '-l', '/pressure');
    tmux('send-keys', '-t', 'chat', 'Enter');
    expect(await waitForScreen(/system \+ tools\s+[\d,]+\s+[\d,]+/)).toMatch(
      /part\s+blocks\s+original\s+rendered\s+ratio/,
    );

    tmux('send-keys', '-t', 'chat', '-l', 'and now?');
    tmux('send-keys', '-t', 'chat', 'Enter');
    await waitForScreen(/A slow start/);
    tmux('send-keys', '-t', 'chat', 'C-c');
    const interrupted = await waitForScreen(/⚠ interrupted/);
    expect(interrupted).not.toMatch(/chat exited/);
    expect(interrupted).not.toContain('never the end');

    await new Promise((resolve) => setTimeout(resolve, 1_600));
    tmux('send-keys', '-t', 'chat', 'C-c');
    await waitForScreen(/chat exited 0/, 20_000);
    expect(fake.violations).toEqual([]);
  }, 120_000);
  it('draws the chat again, without fragments, after the terminal shrinks and grows; at 30×10 the prompt stays in view', async () => {
    const { startFakeAnthropic, toolReply } = await import('../support/fake-anthropic/index.js');
    fake = await startFakeAnthropic({
      script: [
        toolReply('read', { path: 'vat.ts' }),
        { reply: { content: [{ type: 'text', text: 'The rate is 0.19 in vat.ts;\nit should be 0.2.' }] } },
      ],
    });
    launchChat(fake.url, 120, 40);
    await waitForScreen(/0 \/ 16k · 0%/, 60_000);
    tmux('send-keys', '-t', 'chat', '-l', 'why is the vat wrong?');
    tmux('send-keys', '-t', 'chat', 'Enter');
    await waitForScreen(/it should be 0\.2\.[\s\S]*Enter send[\s\S]*2 calls/);
    const times = (text: string, part: string) => text.split(part).length - 1;
    const resized = async (columns: number, rows: number) => {
      tmux('resize-window', '-t', 'chat', '-x', String(columns), '-y', String(rows));
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      return screen();
    };

    for (const [columns, rows] of [
      [60, 20],
      [120, 40],
    ] as const) {
      const shown = await resized(columns, rows);
      expect(times(shown, 'Enter send'), shown).toBe(1);
      expect(times(shown, '› why is the vat wrong?'), shown).toBe(1);
      expect(times(shown, 'it should be 0.2.'), shown).toBe(1);
      expect(times(shown, '─'.repeat(columns)), shown).toBe(1);
      expect(shown).toMatch(/cache \d+% · cost/);
    }

    const small = await resized(30, 10);
    expect(small).toMatch(/^ ›\s*$/m);
    expect(small).toContain('Enter send');
    expect(small).toMatch(/[\d.]+k \/ 16k/);
    tmux('send-keys', '-t', 'chat', '-l', 'a prompt long enough to wrap over three rows here');
    const typing = await waitForScreen(/three rows here/);
    expect(typing).toContain('› a prompt');
    expect(typing).toMatch(/\/ 16k/);
    expect(fake.violations).toEqual([]);
  }, 120_000);
  it('reads a /recall taller than the screen in a pager that opens at its head: the first hit and the matched line show, the keys page, q closes', async () => {
    const { startFakeAnthropic, toolReply } = await import('../support/fake-anthropic/index.js');
    const { unlike } = await import('../core/recall/support/unlike.js');
    // Distinct lines, none alike: the hit shows many of them, so the output is long.
    const log = Array.from(
      { length: 400 },
      (_, i) => `case ${unlike(i + 30)} of suite ${unlike(i * 7)} passed`,
    );
    log[232] = 'ERROR vat.test.ts: batch 1612 expected 20.00, got 19.00 (rate 0.19 in src/vat.ts:3)';
    fake = await startFakeAnthropic({
      script: [
        toolReply('read', { path: 'build.log' }),
        { reply: { content: [{ type: 'text', text: 'Line 233 says the rate is 0.19.' }] } },
      ],
    });
    launchChat(fake.url, 110, 34, { 'build.log': log.join('\n') });
    await waitForScreen(/0 \/ 16k · 0%/, 60_000);
    tmux('send-keys', '-t', 'chat', '-l', 'why does the build fail?');
    tmux('send-keys', '-t', 'chat', 'Enter');
    await waitForScreen(/the rate is 0\.19\.[\s\S]*Enter send[\s\S]*2 calls/);

    tmux('send-keys', '-t', 'chat', '-l', '/recall batch 1612 VAT');
    tmux('send-keys', '-t', 'chat', 'Enter');
    const head = await waitForScreen(/lines 1–\d+ of \d+ · ↑↓ PgUp PgDn Home End · q or Esc closes/);
    const [, shown, total] = /lines 1–(\d+) of (\d+)/.exec(head) ?? [];
    expect(Number(total)).toBeGreaterThan(Number(shown));
    expect(head).toContain('› /recall batch 1612 VAT');
    // The first hit's header (id, class, source, score) and the line that holds the fact.
    expect(head).toMatch(/^ {1,2}\w{8} {2}log {9}read build\.log {2}score \d\.\d\d$/m);
    expect(head).toContain('ERROR vat.test.ts: batch 1612 expected 20.00, got 19.00');

    tmux('send-keys', '-t', 'chat', 'PageDown');
    const next = await waitForScreen(new RegExp(`lines ${shown}–\\d+ of ${total}`));
    expect(next).not.toContain('ERROR vat.test.ts');
    tmux('send-keys', '-t', 'chat', 'Home');
    expect(await waitForScreen(/lines 1–\d+ of/)).toContain('ERROR vat.test.ts');
    tmux('send-keys', '-t', 'chat', 'q');
    const closed = await waitForScreen(/Enter send · Ctrl\+J newline/);
    expect(closed).not.toMatch(/q or Esc closes/);
    expect(fake.violations).toEqual([]);
  }, 120_000);
  it('brings the settlement ref back with recall, as in print mode: the way back brings the fact', async () => {
    const { requestText, startFakeAnthropic, toolReply } = await import('../support/fake-anthropic/index.js');
    const { serviceLog, SETTLEMENT_REF } = await import('../support/service-log.js');
    const filler = 8;
    const files: Record<string, string> = { 'logs/service.log': serviceLog().text };
    for (let i = 0; i < filler; i++)
      files[`run_${i}.log`] = Array.from(
        { length: 600 },
        (_, n) => `case ${i}.${n} passed in ${n % 17} ms`,
      ).join('\n');
    fake = await startFakeAnthropic({
      thinkingReplies: 120,
      script: [
        toolReply('bash', { command: 'cat logs/service.log' }),
        ...Array.from({ length: filler }, (_, i) => toolReply('bash', { command: `cat run_${i}.log` })),
        toolReply('recall', { query: 'settlement ref payments error' }),
        {
          reply: (request) =>
            requestText(request).includes(SETTLEMENT_REF)
              ? `The settlement ref is ${SETTLEMENT_REF}.`
              : 'The settlement ref is lost.',
        },
      ],
    });
    launchChat(fake.url, 120, 40, files, '--yes');
    await waitForScreen(/0 \/ 16k · 0%/, 60_000);
    tmux('send-keys', '-t', 'chat', '-l', 'What failed in payments?');
    tmux('send-keys', '-t', 'chat', 'Enter');

    const shown = await waitForScreen(/The settlement ref is [\s\S]*Enter send/, 90_000);
    expect(shown).toContain(`The settlement ref is ${SETTLEMENT_REF}.`);
    expect(shown).toMatch(/● recall settlement ref payments error/);
    // The log was compacted before the recall (the budget is 16k), so the ref came back through it.
    const recallRequest = fake.requests.at(-1)!;
    const recalled = JSON.stringify(
      (recallRequest.body as { messages: Array<{ content: unknown }> }).messages.at(-1)?.content,
    );
    expect(recalled).toContain(SETTLEMENT_REF);
    expect(recalled).toMatch(/ERROR +\[payments\]/);
    expect(fake.violations).toEqual([]);
  }, 150_000);
});
