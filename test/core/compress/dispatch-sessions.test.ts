import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { blocksOf, needlesFor } from '../../../benchmarks/compressors.js';
import { errorNeedles, keptShare } from '../../../benchmarks/needles.js';
import { classify } from '../../../src/core/classify/classify.js';
import { compress } from '../../../src/core/compress/index.js';
import { readInput } from '../../../src/core/transcript/read-input.js';
import { readSessionPaths } from '../../../src/core/transcript/session-paths.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const sessionsDir = path.resolve(repoRoot, '../shared/sessions');
const present = existsSync(sessionsDir);
/** Sessions read per format: enough to meet every kind of block, few enough to stay fast. */
const PER_FOLDER = 5;

describe.skipIf(!present)(
  `logs and errors of recorded sessions (${present ? sessionsDir : 'absent: skipped'})`,
  () => {
    it('keep failing tests, error types, locations, exception messages and project frames, and never grow', async () => {
      const folders = ['mini-swe-agent-gemini3', 'claude-code-log', 'swe-agent'];
      let logKept = 0;
      let logTotal = 0;
      let messageKept = 0;
      let messageTotal = 0;
      let frameKept = 0;
      let frameTotal = 0;
      let blocks = 0;
      for (const folder of folders) {
        const sessions = (await readSessionPaths([path.join(sessionsDir, folder)])).slice(0, PER_FOLDER * 3);
        let read = 0;
        for (const session of sessions) {
          if (read >= PER_FOLDER) break;
          let transcripts;
          try {
            transcripts = (await readInput(session.path, { subagents: session.subagents, lenient: true }))
              .transcripts;
          } catch {
            continue; // empty files are part of the recorded set
          }
          read++;
          for (const transcript of transcripts) {
            for (const block of blocksOf(transcript)) {
              const cls = classify(block.text, block.hints);
              const summary = compress(cls, block.text, block.context);
              blocks++;
              expect(summary.text.length).toBeLessThanOrEqual(block.text.length);
              if (cls === 'log') {
                const share = keptShare(needlesFor('log', block.text, block.context), summary.text);
                logKept += share.kept;
                logTotal += share.total;
              }
              if (cls === 'error') {
                const { messages, frames } = errorNeedles(block.text);
                const share = keptShare(messages, summary.text);
                messageKept += share.kept;
                messageTotal += share.total;
                const frameShare = keptShare(frames, summary.text);
                frameKept += frameShare.kept;
                frameTotal += frameShare.total;
              }
            }
          }
        }
      }
      expect(blocks).toBeGreaterThan(100);
      expect(logTotal).toBeGreaterThan(0);
      expect(logKept / logTotal).toBeGreaterThanOrEqual(0.95);
      expect(messageKept).toBe(messageTotal);
      expect(frameKept).toBeGreaterThanOrEqual(Math.ceil(frameTotal * 0.95));
    });
  },
);
