import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spoolDir } from '../../../../src/doors/claude-code/hooks/spool.js';
import { runGardener } from '../../../support/cli.js';
import { SECRET_SHAPES, SECRET_VALUES } from '../../../support/secret-shapes.js';
import { databaseTexts } from '../../../fuzz/secrets-support.js';
import { bashResult, bigLog, hookWorld, type HookWorld } from './support.js';

const shape = (name: string) => SECRET_SHAPES.find((s) => s.name === name)!;
/** A command line holding passwords, and an output holding every shape. */
const COMMAND = `${shape('curl -u').line} && ${shape('docker login --password').line}`;
const OUTPUT = `${bigLog(200, 'deploy failed')}\n${SECRET_SHAPES.map((s) => s.line).join('\n')}`;
/** The shapes alone: short enough to be spooled (a long result waits for the engine: its first send). */
const SHORT_OUTPUT = SECRET_SHAPES.map((s) => s.line).join('\n');

let world: HookWorld;
beforeEach(() => {
  world = hookWorld();
});
afterEach(() => world.cleanup());

const inClear = (texts: string[]) =>
  SECRET_VALUES.filter((value) => texts.some((text) => text.includes(value)));

describe('the Claude Code hooks store no secret shape in clear', () => {
  it('post-tool-use and user-prompt-submit: the command, its output and the prompt are redacted', async () => {
    await world.hook('post-tool-use', bashResult('toolu_1', COMMAND, OUTPUT));
    await world.hook('user-prompt-submit', {
      prompt: `deploy again; ${shape('password in a sentence').line}`,
    });
    const texts = databaseTexts(world.dbPath);
    expect(texts.some((text) => text.includes('[REDACTED:gitlab-token]'))).toBe(true);
    expect(inClear(texts)).toEqual([]);
  });

  it('a spooled tool result waits on disk redacted, and is stored redacted', async () => {
    await world.hook('post-tool-use', bashResult('toolu_2', COMMAND, SHORT_OUTPUT), {
      GARDENER_HOOK_SPOOL: '1',
    });
    const dir = spoolDir(world.env, world.dbPath)!;
    const files = readdirSync(dir).map((name) => readFileSync(path.join(dir, name), 'utf8'));
    expect(files.length).toBe(1);
    expect(files[0]).toContain('[REDACTED:sendgrid-key]');
    expect(inClear(files)).toEqual([]);
    const stats = await runGardener(['stats'], { env: world.env, cwd: world.project });
    expect(stats.code).toBe(0);
    expect(readdirSync(dir).filter((name) => name.endsWith('.json'))).toEqual([]);
    expect(inClear(databaseTexts(world.dbPath))).toEqual([]);
  });
});
