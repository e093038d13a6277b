import { Command, Option } from 'commander';
import { integer } from '../../../core/format/index.js';
import { DEFAULT_MODEL } from '../../kit/provider/config.js';
import { GardenerError } from '../../../errors.js';
import { OUTPUT_FORMATS, type OutputFormat } from './chat-print.js';
import type { CliIo } from '../../kit/cli/io.js';
import { addStoreOptions, type StoreFlags } from '../../kit/cli/store-options.js';
import { addSharedOptions, intFlag, SHARED_OPTIONS } from '../../kit/cli/options.js';
import { contextWindowOf } from '../../kit/provider/prices.js';

/** The default budget is this share of the model's context window (200,000 → 100,000 tokens). */
export const DEFAULT_BUDGET_SHARE = 0.5;

interface ChatFlags extends StoreFlags {
  print?: string | true;
  yes?: boolean;
  budget?: string;
  model?: string;
  thinking?: string | true;
  prefixCheck?: string;
  continue?: boolean;
  resume?: string | true;
  outputFormat: OutputFormat;
}

/** `gardener chat [prompt]`: the coding agent, gardened; a TUI in a terminal, or print mode (-p). */
export function makeChatCommand(io: CliIo): Command {
  const command = new Command('chat')
    .description('A coding agent in the terminal, talking to the Anthropic Messages API through gardener')
    .argument('[prompt...]', 'first prompt (with -p: the prompt to run)')
    .option(
      '-p, --print [prompt]',
      'run one prompt to the end without the TUI and print the answer (prompt from the arguments or stdin)',
    )
    .option('-y, --yes', 'allow every tool call without asking (edits, writes, bash)');
  addSharedOptions(command, {
    budget: { defaultText: `${DEFAULT_BUDGET_SHARE} × the window` },
    model: true,
    prefixCheck: true,
  })
    .option('--thinking [budget]', 'extended thinking: adaptive, or with this many tokens to think')
    .option('-c, --continue', "continue this project's latest chat session")
    .option('--resume [id]', 'resume a chat session (a list to pick from without an id)')
    .addOption(
      new Option('--output-format <format>', 'print mode output').choices(OUTPUT_FORMATS).default('text'),
    );
  addStoreOptions(command, {
    session: { about: 'chat session name', defaultText: '$GARDENER_SESSION, else a new chat-… id' },
  });
  return command
    .addHelpText(
      'after',
      `\nDefault model: ${DEFAULT_MODEL}. Needs ANTHROPIC_API_KEY; ANTHROPIC_BASE_URL points it at any Messages-compatible server.\nEach chat is a new stored session (chat-YYYYMMDD-HHMMSS-xxxx) unless --session, --continue or --resume names one.\n\nExamples:\n  gardener chat\n  gardener chat "why does the vat test fail?"\n  gardener chat -p "summarize the failing tests" --yes --output-format json\n  gardener chat --continue\n  gardener chat -p /pressure --continue`,
    )
    .action(async (words: string[], flags: ChatFlags) => {
      const { runChat } = await import('./chat-run.js');
      const print = flags.print !== undefined;
      const prompt = typeof flags.print === 'string' ? [flags.print, ...words].join(' ') : words.join(' ');
      await runChat(io, {
        prompt: prompt.trim() === '' ? undefined : prompt,
        print,
        yes: flags.yes === true,
        format: flags.outputFormat,
        ...(flags.model !== undefined ? { model: flags.model } : {}),
        ...(flags.budget !== undefined ? { budget: chatBudget(io, flags.budget, flags.model) } : {}),
        ...(flags.thinking !== undefined ? { thinking: thinkingFlag(flags.thinking) } : {}),
        ...(flags.prefixCheck !== undefined
          ? { prefixCheck: SHARED_OPTIONS.prefixCheck.parse(flags.prefixCheck) }
          : {}),
        session: {
          ...(flags.continue ? { continue: true } : {}),
          ...(flags.resume !== undefined ? { resume: flags.resume } : {}),
        },
        store: {
          ...(flags.db ? { db: flags.db } : {}),
          ...(flags.project ? { project: flags.project } : {}),
          ...(flags.session ? { session: flags.session } : {}),
        },
      });
    });
}

function thinkingFlag(value: string | true): number | 'adaptive' {
  if (value === true || value === 'adaptive') return 'adaptive';
  const n = intFlag(value, '--thinking', 1_024);
  if (n > 64_000) throw new GardenerError('USAGE', `--thinking is at most ${integer(64_000)} tokens`);
  return n;
}

/** `--budget` of a chat: checked against the window of the model the chat will use. */
function chatBudget(io: CliIo, value: string, model: string | undefined): number {
  const id = model?.trim() || io.env['ANTHROPIC_MODEL']?.trim() || DEFAULT_MODEL;
  return SHARED_OPTIONS.budget.parse(value, { tokens: contextWindowOf(id), of: id });
}
