import { describe, expect, it } from 'vitest';
import { HOLDOUT_SHARE, holdoutFiles, inSplit } from '../../../src/doors/bench/split.js';

const root = '/data/sessions';
const files = (folder: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${root}/${folder}/sub/file-${i}.jsonl`);

describe('holdoutFiles', () => {
  it('holds out 30% of each format folder, rounded', () => {
    const all = [...files('aider', 10), ...files('claude-code-log', 7), ...files('swe-agent', 3)];
    const held = holdoutFiles(root, all);
    const count = (folder: string) => [...held].filter((f) => f.includes(`/${folder}/`)).length;
    expect(count('aider')).toBe(Math.round(10 * HOLDOUT_SHARE));
    expect(count('claude-code-log')).toBe(2);
    expect(count('swe-agent')).toBe(1);
  });

  it('depends only on paths relative to the root, not on order or location', () => {
    const all = files('aider', 20);
    const moved = all.map((f) => f.replace(root, '/elsewhere/copy'));
    const a = [...holdoutFiles(root, all)].map((f) => f.slice(root.length));
    const b = [...holdoutFiles('/elsewhere/copy', [...moved].reverse())].map((f) =>
      f.slice('/elsewhere/copy'.length),
    );
    expect(b.sort()).toEqual(a.sort());
  });

  it('splits dev and holdout into disjoint parts that make up all', () => {
    const all = [...files('a', 9), ...files('b', 4)];
    const held = holdoutFiles(root, all);
    const dev = all.filter((f) => inSplit('dev', f, held));
    const holdout = all.filter((f) => inSplit('holdout', f, held));
    expect(dev.length + holdout.length).toBe(all.length);
    expect(dev.some((f) => holdout.includes(f))).toBe(false);
    expect(all.every((f) => inSplit('all', f, held))).toBe(true);
  });
});
