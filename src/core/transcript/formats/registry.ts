import { GardenerError } from '../../../errors.js';
import { adpImporter } from './adp.js';
import { agentSdkImporter } from './agent-sdk.js';
import { aiderImporter } from './aider.js';
import { anthropicImporter } from './anthropic.js';
import { claudeCodeImporter } from './claude-code.js';
import type { FormatImporter } from './importer.js';
import { miniSweAgentImporter } from './mini-swe-agent.js';
import { openaiImporter } from './openai.js';
import { openhandsImporter } from './openhands.js';
import { sweAgentImporter } from './swe-agent.js';

/** Every importer, most specific first (detection breaks ties in this order). */
const FORMATS: readonly FormatImporter[] = [
  claudeCodeImporter,
  miniSweAgentImporter,
  sweAgentImporter,
  openhandsImporter,
  adpImporter,
  agentSdkImporter,
  anthropicImporter,
  openaiImporter,
  aiderImporter,
];

export function listFormats(): readonly FormatImporter[] {
  return FORMATS;
}

/** The importer of a format name; an unknown name is a usage error listing the known ones. */
export function getFormat(name: string): FormatImporter {
  const format = FORMATS.find((f) => f.name === name);
  if (!format) {
    throw new GardenerError('USAGE', `unknown format "${name}"`, {
      hint: `known formats: ${FORMATS.map((f) => f.name).join(', ')}`,
    });
  }
  return format;
}
