import path from 'node:path';
import { isGardenerError } from '../../errors.js';
import type { Transcript } from '../../core/transcript/index.js';
import { builtinSessions } from './builtin/index.js';
import { globToRegExp, matchesAny } from './glob.js';
import type { SourceItem } from './run.js';
import { BUILTIN_FOLD, sourceOf, type FoldBy } from './folds.js';
import { toBenchSession } from './session.js';
import { holdoutFiles, inSplit, type SplitName } from './split.js';

export interface LoadOptions {
  /** Importer name, skipping detection. */
  from?: string;
  lenient?: boolean;
  /** Only sessions whose label, path, file name or id matches this glob. */
  sessions?: string;
  /** At most this many sessions. */
  limit?: number;
  /** Labels are paths relative to this folder. */
  cwd: string;
  /** Only the development or the held-out files of each folder (split.ts); default all. */
  split?: SplitName;
  /** Mark each session with its fold (folds.ts); default by source. */
  folds?: FoldBy;
}

/**
 * The sessions to replay, one item at a time: from files and folders in any importable format, or
 * the built-in sessions when no path is given. A file that cannot be read (or a path that does not
 * exist) becomes a `skip` item with the reason; reading goes on.
 */
export async function* loadSessions(
  paths: readonly string[],
  options: LoadOptions,
): AsyncGenerator<SourceItem> {
  const glob = options.sessions !== undefined ? globToRegExp(options.sessions) : undefined;
  let count = 0;
  const accept = (transcript: Transcript, label: string, file?: string): boolean => {
    if (options.limit !== undefined && count >= options.limit) return false;
    if (glob && !matchesAny(glob, [label, file, file && path.basename(file), transcript.id])) return false;
    count += 1;
    return true;
  };
  const full = () => options.limit !== undefined && count >= options.limit;
  const byFold = (options.folds ?? 'source') === 'source';

  if (paths.length === 0) {
    for (const transcript of builtinSessions()) {
      const label = transcript.source ?? transcript.id;
      if (accept(transcript, label))
        yield {
          type: 'session',
          session: toBenchSession(transcript, label, byFold ? BUILTIN_FOLD : undefined),
        };
    }
    return;
  }
  const { readInput } = await import('../../core/transcript/index.js');
  const { readSessionPaths } = await import('../../core/transcript/index.js');
  const { statSync } = await import('node:fs');
  const split = options.split ?? 'all';
  for (const given of paths) {
    let files;
    const root = path.resolve(options.cwd, given);
    try {
      files = await readSessionPaths([root]);
    } catch (error) {
      yield { type: 'skip', source: given, reason: reasonOf(error) };
      continue;
    }
    const folder = statSync(root).isDirectory() ? root : path.dirname(root);
    const held =
      split === 'all'
        ? new Set<string>()
        : holdoutFiles(
            folder,
            files.map((f) => f.path),
          );
    for (const file of files) {
      if (full()) return;
      if (!inSplit(split, file.path, held)) continue;
      const relative = path.relative(options.cwd, file.path) || file.path;
      try {
        const { transcripts } = await readInput(file.path, {
          subagents: file.subagents,
          ...(options.from !== undefined ? { from: options.from } : {}),
          ...(options.lenient !== undefined ? { lenient: options.lenient } : {}),
        });
        const inFolder = path.relative(folder, file.path) || path.basename(file.path);
        for (const [index, transcript] of transcripts.entries()) {
          const suffix = transcriptSuffix(transcripts.length, index, transcript);
          const label = `${relative}${suffix}`;
          if (accept(transcript, label, relative))
            yield {
              type: 'session',
              session: toBenchSession(
                transcript,
                label,
                byFold ? sourceOf(folder, file.path) : undefined,
                `${inFolder}${suffix}`,
              ),
            };
        }
      } catch (error) {
        yield { type: 'skip', source: relative, reason: reasonOf(error, file.path) };
      }
    }
  }
}

/** What tells a file's transcripts apart in its sessions' labels and names: none when it holds one. */
function transcriptSuffix(count: number, index: number, transcript: Transcript): string {
  if (count <= 1) return '';
  if (index === 0) return `#${transcript.id}`;
  return `#${transcript.meta?.isSidechain ? 'agent:' : ''}${transcript.id}`;
}

/** The reason a file was skipped, without the file name the error already starts with. */
function reasonOf(error: unknown, file?: string): string {
  if (!(error instanceof Error)) return String(error);
  let message = error.message;
  const where = isGardenerError(error) ? error.where : undefined;
  for (const prefix of [where, file])
    if (prefix && message.startsWith(`${prefix}: `)) message = message.slice(prefix.length + 2);
  return isGardenerError(error) ? message : `internal error: ${message}`;
}
