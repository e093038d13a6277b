import { createTwoFilesPatch } from 'diff';

/** A unified diff of one file's change, for the user to see (3 lines of context). */
export function fileDiff(name: string, before: string, after: string): string {
  return createTwoFilesPatch(`a/${name}`, `b/${name}`, before, after, undefined, undefined, { context: 3 })
    .split('\n')
    .filter((line) => !line.startsWith('====='))
    .join('\n')
    .trimEnd();
}
