import { realpathSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * How settings should name one of gardener's programs: by its bare name when `PATH` finds this
 * very program under it (an `npm install -g`), so the settings survive moving or reinstalling
 * gardener and a project's committed settings hold no machine path; else by its absolute path.
 */
export function commandName(name: string, binDir: string, path: string | undefined): string {
  const ours = real(join(binDir, name));
  if (ours === undefined) return join(binDir, name);
  for (const dir of (path ?? '').split(delimiter)) {
    if (dir === '') continue;
    if (real(join(dir, name)) === ours) return name;
  }
  return join(binDir, name);
}

function real(file: string): string | undefined {
  try {
    return realpathSync(file);
  } catch {
    return undefined;
  }
}
