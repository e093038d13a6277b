import { accessSync, constants } from 'node:fs';
import path from 'node:path';

const found = new Map<string, string | undefined>();

/** The first executable named `name` on PATH (cached per process), or undefined. */
export function whichSync(name: string, envPath = process.env['PATH'] ?? ''): string | undefined {
  const key = `${name}\0${envPath}`;
  if (found.has(key)) return found.get(key);
  let hit: string | undefined;
  for (const dir of envPath.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      hit = candidate;
      break;
    } catch {
      // not here
    }
  }
  found.set(key, hit);
  return hit;
}
