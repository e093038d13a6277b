import { realpathSync } from 'node:fs';
import path from 'node:path';
import { GardenerError } from '../../../../errors.js';

/**
 * Resolves a path a tool was given against the working directory and refuses anything outside it,
 * symlinks included (the nearest existing ancestor is resolved), docs/DESIGN.md invariant 7.
 */
export function scopedPath(cwd: string, given: string): string {
  const root = realOrSelf(cwd);
  const absolute = path.resolve(root, given);
  const real = realExisting(absolute);
  if (!inside(root, real))
    throw new GardenerError(
      'USAGE',
      `${given} is outside the working directory ${root}; tools only work inside it`,
    );
  return absolute;
}

/** The path relative to the working directory, for messages. */
export function shown(cwd: string, absolute: string): string {
  const relative = path.relative(realOrSelf(cwd), absolute);
  return relative === '' ? '.' : relative;
}

function inside(root: string, target: string): boolean {
  const relative = path.relative(root, target);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

function realOrSelf(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}

/** realpath of the longest existing prefix, with the rest appended (a file about to be created). */
function realExisting(absolute: string): string {
  const rest: string[] = [];
  let current = absolute;
  for (;;) {
    try {
      return path.join(realpathSync(current), ...rest.reverse());
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return absolute;
      rest.push(path.basename(current));
      current = parent;
    }
  }
}
