import { readFileSync } from 'node:fs';

/** The package version, read from package.json (two levels up from both src/doors/batch/cli and dist/cli). */
export function packageVersion(): string {
  const url = new URL('../../../../package.json', import.meta.url);
  return (JSON.parse(readFileSync(url, 'utf8')) as { version: string }).version;
}
