import { GardenerError } from '../../../errors.js';
import { adpImporter } from './adp.js';
import { agentSdkImporter } from './agent-sdk.js';
import { aiderImporter } from './aider.js';
import { anthropicImporter } from './anthropic.js';
import { claudeCodeImporter } from './claude-code.js';
import { codexImporter } from './codex.js';
import { exitTagEnvelope, type AgentFormat, type ObservationRules, type Unwrapped } from './agent-format.js';
import { miniSweAgentImporter } from './mini-swe-agent.js';
import { openaiImporter } from './openai.js';
import { openhandsImporter } from './openhands.js';
import { sweAgentImporter } from './swe-agent.js';

/**
 * Every format gardener reads, one row each, most specific first (detection breaks ties in this
 * order, and a text in two envelopes is unwrapped by the first). Each row is the format's module:
 * what the classifier, the compressors and the engine know of an agent, they ask here.
 */
const FORMATS: readonly AgentFormat[] = [
  claudeCodeImporter,
  codexImporter,
  miniSweAgentImporter,
  sweAgentImporter,
  openhandsImporter,
  adpImporter,
  agentSdkImporter,
  anthropicImporter,
  openaiImporter,
  aiderImporter,
];

/** gardener's own `[exit N]` first, then each format's envelopes in the order of the rows. */
const ENVELOPES = [exitTagEnvelope, ...FORMATS.flatMap((format) => format.envelopes ?? [])];
const BY_KIND = new Map(ENVELOPES.map((envelope) => [envelope.kind, envelope]));
const LABELS = FORMATS.flatMap((format) => format.observations?.label ?? []);

export function listFormats(): readonly AgentFormat[] {
  return FORMATS;
}

/** The format of a name; an unknown name is a usage error listing the known ones. */
export function getFormat(name: string): AgentFormat {
  const format = FORMATS.find((f) => f.name === name);
  if (!format) {
    throw new GardenerError('USAGE', `unknown format "${name}"`, {
      hint: `known formats: ${FORMATS.map((f) => f.name).join(', ')}`,
    });
  }
  return format;
}

/** Strips the envelope a tool output is in, whichever agent wrote it; `kind: 'none'` when none is. */
export function unwrapToolOutput(text: string): Unwrapped {
  for (const envelope of ENVELOPES) {
    const unwrapped = envelope.unwrap(text);
    if (unwrapped !== undefined) return unwrapped;
  }
  return { kind: 'none', body: text };
}

/** A summary of an unwrapped body in the compact envelope of the one it came out of. */
export function rewrapToolOutput(unwrapped: Unwrapped, summary: string): string {
  const envelope = BY_KIND.get(unwrapped.kind);
  return envelope === undefined ? summary : envelope.rewrap(unwrapped, summary);
}

/** How the tool output of a transcript of this format reaches the model, when not as tool blocks. */
export function observationRules(format: string): ObservationRules | undefined {
  return FORMATS.find((f) => f.name === format)?.observations;
}

/** A user text that starts with an agent's tool-output label, in a transcript of any format. */
export function isLabelledObservation(text: string): boolean {
  return LABELS.some((label) => label.test(text));
}
