import { Command } from 'commander';
import type { ContentClass } from '../../../core/classify/index.js';
import { GardenerError } from '../../../errors.js';
import type { GardenerStore, RecallResult } from '../../../core/store/index.js';
import type { CliIo } from '../../kit/cli/io.js';
import { useColor } from '../../kit/cli/io.js';
import { jsonTerminalSafe, terminalSafe } from '../../kit/terminal-safe.js';
import {
  addStoreOptions,
  withStore,
  type StoreFlags,
  READ_ONLY_WILL_DO,
} from '../../kit/cli/store-options.js';
import { intFlag } from '../../kit/cli/options.js';
import { showLinesCommand } from './lines-command.js';

/**
 * Characters a token when the command trims hits to --max-tokens: an estimate, so a one-shot
 * command does not load the cl100k table; below cl100k's average for text and code, so it trims early.
 */
const CLI_CHARS_PER_TOKEN = 3;

interface RecallFlags extends StoreFlags {
  class?: string;
  limit: string;
  full?: boolean;
  json?: boolean;
  maxTokens?: string;
  sessionOnly?: boolean;
  includeProject: string[];
}

/** When recall found nothing here but other projects hold entries, says so (scope is a usual slip). */
function otherProjectsHint(store: GardenerStore, project: string): string {
  const here = store.stats({ project }).entries;
  const elsewhere = store.stats().entries - here;
  if (elsewhere <= 0) return '';
  return `${elsewhere} ${elsewhere === 1 ? 'entry is' : 'entries are'} in other projects (this one, ${project}, has ${here}): --project NAME or --include-project NAME searches there; gardener stats --all counts them\n`;
}

/** The hits with every stored text they show made terminal-safe (styling is added after, by the formatter). */
function terminalSafeHits(result: RecallResult): RecallResult {
  return {
    ...result,
    hits: result.hits.map((hit) => ({
      ...hit,
      text: terminalSafe(hit.text),
      relevanceSignal: hit.relevanceSignal.map(terminalSafe),
      ...(hit.sourceTool !== undefined ? { sourceTool: terminalSafe(hit.sourceTool) } : {}),
      ...(hit.sourcePath !== undefined ? { sourcePath: terminalSafe(hit.sourcePath) } : {}),
      ...(hit.call !== undefined ? { call: terminalSafe(hit.call) } : {}),
    })),
  };
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** `gardener recall QUERY`: search stored originals, summaries and notes of this project. */
export function makeRecallCommand(io: CliIo): Command {
  const command = new Command('recall')
    .description('Search what gardener stored (originals, summaries, notes) in this project')
    .argument('<query...>', 'words, identifiers, paths, error names; any text is safe')
    .option(
      '--class <list>',
      'only these classes, comma-separated (log, code, structured, prose, prompt, error)',
    )
    .option('--limit <n>', 'at most this many hits (1–100)', '5')
    .option('--full', 'return whole originals instead of snippets or summaries')
    .option('--max-tokens <n>', 'token budget of all returned texts (default 2,000; 8,000 with --full)')
    .option('--session-only', 'search only the current session')
    .option('--include-project <name>', 'also search this project, by name (repeatable)', collect, [])
    .option('--json', 'print the result as JSON');
  return addStoreOptions(command)
    .addHelpText(
      'after',
      '\nExamples:\n  gardener recall "vat test failure"\n  gardener recall parseConfig --class code --full\n  gardener recall "ECONNREFUSED" --include-project api-server --json',
    )
    .action(async (words: string[], flags: RecallFlags) => {
      const limit = intFlag(flags.limit, '--limit', 1, 100);
      const maxTokens =
        flags.maxTokens === undefined ? undefined : intFlag(flags.maxTokens, '--max-tokens', 1);
      const classes = flags.class
        ?.split(',')
        .map((c) => c.trim())
        .filter(Boolean) as ContentClass[] | undefined;
      const query = words.join(' ');
      // Both at once: each lazy import waits for its files, one after the other otherwise.
      const [{ parseQuery, recall }, { createEstimateCounter }] = await Promise.all([
        import('../../../core/recall/index.js'),
        import('../../../core/tokens/index.js'),
      ]);
      if (parseQuery(query).words.length === 0)
        throw new GardenerError('USAGE', `nothing to search for in "${query}"`, {
          hint: 'Give words, identifiers, paths or error names; punctuation, one-letter and common words are ignored.',
        });
      await withStore(
        io,
        flags,
        async (store, { scope }) => {
          const result = recall(store, query, scope, {
            limit,
            ...(classes && classes.length > 0 ? { class: classes } : {}),
            ...(flags.full ? { full: true } : {}),
            ...(maxTokens !== undefined ? { maxTokens } : {}),
            scope: { sessionOnly: flags.sessionOnly === true, projects: flags.includeProject },
            tokenizer: createEstimateCounter(CLI_CHARS_PER_TOKEN),
            linesCommand: showLinesCommand,
          });
          const { formatRecallText, recallWire } = await import('../../../core/recall/index.js');
          if (flags.json) {
            io.stdout.write(
              jsonTerminalSafe(
                `${JSON.stringify({ query, project: scope.project, ...recallWire(result) }, null, 2)}\n`,
              ),
            );
            return;
          }
          const pc = (await import('picocolors')).default;
          const style = useColor(io, 'stdout') ? { id: pc.cyan, dim: pc.dim } : undefined;
          io.stdout.write(formatRecallText(terminalSafeHits(result), style, { numberLines: true }));
          if (result.hits.length === 0)
            io.stderr.write(terminalSafe(otherProjectsHint(store, scope.project)));
        },
        READ_ONLY_WILL_DO,
      );
    });
}
