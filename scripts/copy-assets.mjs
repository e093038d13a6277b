// Copies non-TypeScript assets (tree-sitter .scm queries) from src/ to the same place under dist/.
import { cpSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function copyQueries(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) copyQueries(path);
    else if (name.endsWith('.scm')) cpSync(path, path.replace(/^src/, 'dist'));
  }
}
copyQueries('src');
