import { realpathSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * How user settings should name one of gardener's programs: by its bare name when `PATH` finds this
 * very program under it (an `npm install -g`), so the settings survive moving or reinstalling
 * gardener; else by its absolute path, so they work now.
 */
export function commandName(name: string, binDir: string, path: string | undefined): string {
  return onPath(name, binDir, path) ? name : join(binDir, name);
}

/** True when `PATH` finds this very program (not another of the same name). */
export function onPath(name: string, binDir: string, path: string | undefined): boolean {
  const ours = real(join(binDir, name));
  if (ours === undefined) return false;
  return (path ?? '').split(delimiter).some((dir) => dir !== '' && real(join(dir, name)) === ours);
}

function real(file: string): string | undefined {
  try {
    return realpathSync(file);
  } catch {
    return undefined;
  }
}
