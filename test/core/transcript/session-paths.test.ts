import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readSessionPaths } from '../../../src/core/transcript/session-paths.js';
import { caughtAsync, fixturePath } from './fixtures.js';

describe('readSessionPaths', () => {
  it('expands a folder into session files, grouping subagent logs with their session', async () => {
    const root = fixturePath('cc-nested');
    const sessions = await readSessionPaths([root]);
    expect(sessions).toEqual([
      { path: path.join(root, 'agent-f00d.jsonl'), subagents: [] },
      { path: path.join(root, 'empty-session.jsonl'), subagents: [] },
      {
        path: path.join(root, 'sess-3.jsonl'),
        subagents: [
          path.join(root, 'sess-3/subagents/agent-a1b2c3.jsonl'),
          path.join(root, 'sess-3/subagents/agent-empty.jsonl'),
        ],
      },
    ]);
  });

  const dir = mkdtempSync(path.join(tmpdir(), 'gardener-paths-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('skips what is obviously not a session and keeps aider chats among markdown files', async () => {
    mkdirSync(path.join(dir, 'deep/er'), { recursive: true });
    mkdirSync(path.join(dir, '.hidden'));
    mkdirSync(path.join(dir, 'node_modules'));
    const files: Record<string, string> = {
      'a.traj': '{}',
      'deep/er/b.traj.json': '{}',
      'deep/c.json': '[]',
      'deep/agent-1.meta.json': '{}',
      'results_summary.json': '{}',
      'package.json': '{}',
      'README.md': '# readme\n#### not a chat\n',
      'notes.md': '# notes\n\nplain text\n',
      'chat.md': '#### hello\n\nHi!\n',
      'image.png': 'x',
      '.hidden/x.jsonl': '{}',
      'node_modules/y.jsonl': '{}',
    };
    for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, name), content);
    const found = (await readSessionPaths([dir])).map((s) => path.relative(dir, s.path));
    expect(found).toEqual([
      'a.traj',
      'chat.md',
      path.join('deep', 'c.json'),
      path.join('deep', 'er', 'b.traj.json'),
    ]);
  });

  it('keeps a file named explicitly, once, and refuses a path that does not exist', async () => {
    const readme = path.join(dir, 'README.md');
    expect(await readSessionPaths([readme, readme])).toEqual([{ path: readme, subagents: [] }]);
    const error = await caughtAsync(() => readSessionPaths([path.join(dir, 'missing')]));
    expect(error.message).toMatch(/missing: no such file or folder$/);
  });
});
