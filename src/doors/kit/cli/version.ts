import { readFileSync } from 'node:fs';

/** The package version, read from package.json (four levels up from both src/doors/kit/cli and dist/doors/kit/cli). */
export function packageVersion(): string {
  const url = new URL('../../../../package.json', import.meta.url);
  return (JSON.parse(readFileSync(url, 'utf8')) as { version: string }).version;
}
