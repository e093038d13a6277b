import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { typedByUser } from '../../../../src/core/garden/ingest/typed-by-user.js';
import { detect } from '../../../../src/core/transcript/detect.js';
import { agentSdkImporter } from '../../../../src/core/transcript/formats/agent-sdk.js';
import { runGardener } from '../../../support/cli.js';
import { tempDir } from '../../store/support.js';

/** Real output of Claude Code 2.1.197 (`claude -p --output-format stream-json --verbose`, a Bash call, then `/compact` on resume), outputs shortened. */
const FIXTURE = path.join(
  import.meta.dirname,
  '..',
  '..',
  '..',
  'fixtures',
  'transcript',
  'claude-p-stream-json.jsonl',
);
const text = readFileSync(FIXTURE, 'utf8');

describe('agent-sdk importer on claude -p stream-json', () => {
  it('is detected as the Agent SDK format, hook and status events skipped', () => {
    expect(detect(text).importer.name).toBe('agent-sdk');
    const [transcript] = agentSdkImporter.parse(text, { source: FIXTURE });
    expect(transcript?.id).toBe('11111111-2222-3333-4444-555555555555');
    expect(transcript?.messages.map((m) => m.role)).toEqual(['assistant', 'user', 'assistant', 'user']);
    expect(JSON.stringify(transcript?.messages)).not.toContain('hook_started');
  });

  it('a compaction summary (isSynthetic) and a command output (isReplay) are observations, not prompts', () => {
    const [transcript] = agentSdkImporter.parse(text, {});
    const last = transcript!.messages.length - 1;
    expect(transcript?.meta?.['observations']).toEqual([last]);
    expect(typedByUser(transcript!)(last, 0)).toBe(false);
  });

  it('gardener ingest stores its blocks, none of them as a prompt', async () => {
    const { dir, cleanup } = tempDir();
    try {
      const run = await runGardener(['ingest', FIXTURE, '--json', '--project', '/work/shop'], {
        env: { GARDENER_HOME: dir },
      });
      expect(run.code).toBe(0);
      const report = JSON.parse(run.stdout) as {
        format: string;
        transcripts: Array<{ byClass: Record<string, unknown> }>;
      };
      expect(report.format).toBe('agent-sdk');
      expect(Object.keys(report.transcripts[0]!.byClass)).not.toContain('prompt');
      expect(Object.keys(report.transcripts[0]!.byClass)).toContain('log');
    } finally {
      cleanup();
    }
  });
});
