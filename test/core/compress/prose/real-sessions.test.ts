import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compressProse, proseNeedles } from '../../../../src/core/compress/prose/index.js';
import { defaultTokenizer } from '../../../../src/core/tokens/tokenizer.js';

const repoRoot = resolve(import.meta.dirname, '../../../..');
const examples = resolve(repoRoot, '../shared/sessions/aider/website-examples');
const present = existsSync(examples);
if (!present) console.warn(`real-sessions tests skipped: ${examples} not found`);

/** aider replies: the text after each `####` user line, without `>` tool lines. */
function replies(): string[] {
  const out: string[] = [];
  for (const name of readdirSync(examples).sort()) {
    const text = readFileSync(resolve(examples, name), 'utf8');
    for (const part of text.split(/^#### .*$/m).slice(1)) {
      const reply = part
        .split('\n')
        .filter((line) => !line.startsWith('>'))
        .join('\n')
        .trim();
      if (reply.length >= 800) out.push(reply);
    }
  }
  return out;
}

describe.skipIf(!present)('compressProse on aider replies', () => {
  it('keeps under 60% of the tokens and over 90% of the needles', () => {
    const tokens = defaultTokenizer();
    let before = 0;
    let after = 0;
    let needles = 0;
    let kept = 0;
    const texts = replies();
    expect(texts.length).toBeGreaterThan(10);
    for (const text of texts) {
      const summary = compressProse(text, { reasoning: true });
      before += tokens.count(text);
      after += tokens.count(summary.text);
      const found = proseNeedles(text);
      needles += found.length;
      kept += found.filter((n) => summary.text.includes(n)).length;
    }
    expect(after / before).toBeLessThan(0.6);
    expect(kept / needles).toBeGreaterThan(0.9);
  });
});
