import { GardenerError } from '../../../errors.js';

/** The default model: the newest Sonnet the installed SDK lists (its `Model` type). */
export const DEFAULT_MODEL = 'claude-sonnet-5-5';

export interface ProviderFlags {
  model?: string;
  apiKey?: string;
  baseURL?: string;
}

/** Resolved provider settings. `authToken` is sent as a bearer token when no API key is set. */
export interface ProviderConfig {
  model: string;
  apiKey?: string;
  authToken?: string;
  /** Undefined: the SDK's default, https://api.anthropic.com. */
  baseURL?: string;
}

type Env = Readonly<Record<string, string | undefined>>;

const nonEmpty = (value: string | undefined): string | undefined =>
  value && value.trim() !== '' ? value.trim() : undefined;

/** What an HTTP header value may hold here: visible ASCII, no spaces or control characters. */
const HEADER_SAFE = /^[\x21-\x7e]+$/;

/** The key as given, or a USAGE error naming where it came from and the first character refused. */
function headerSafe(key: string, source: string): string {
  if (HEADER_SAFE.test(key)) return key;
  const at = [...key].findIndex((char) => !HEADER_SAFE.test(char));
  const char = [...key][at] ?? '';
  const code = `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
  throw new GardenerError(
    'USAGE',
    `the API key in ${source} contains characters that are not allowed (character ${at + 1}: ${JSON.stringify(char)} ${code})`,
    {
      hint: 'Paste the whole key from the Anthropic Console: keys are letters, digits, "-" and "_" (sk-ant-… in the docs is a placeholder).',
    },
  );
}

/** Flags win over the environment: --model / ANTHROPIC_MODEL, ANTHROPIC_API_KEY (or ANTHROPIC_AUTH_TOKEN), ANTHROPIC_BASE_URL. */
export function resolveProviderConfig(flags: ProviderFlags, env: Env): ProviderConfig {
  const config: ProviderConfig = {
    model: nonEmpty(flags.model) ?? nonEmpty(env['ANTHROPIC_MODEL']) ?? DEFAULT_MODEL,
  };
  const apiKey = nonEmpty(flags.apiKey) ?? nonEmpty(env['ANTHROPIC_API_KEY']);
  const authToken = nonEmpty(env['ANTHROPIC_AUTH_TOKEN']);
  if (apiKey) config.apiKey = headerSafe(apiKey, flags.apiKey ? '--api-key' : 'ANTHROPIC_API_KEY');
  else if (authToken) config.authToken = headerSafe(authToken, 'ANTHROPIC_AUTH_TOKEN');
  else
    throw new GardenerError('USAGE', 'no Anthropic API key: ANTHROPIC_API_KEY is not set', {
      hint: 'Export ANTHROPIC_API_KEY=sk-ant-… (or ANTHROPIC_AUTH_TOKEN for a bearer token); with ANTHROPIC_BASE_URL any Messages-compatible server works.',
    });
  const baseURL = nonEmpty(flags.baseURL) ?? nonEmpty(env['ANTHROPIC_BASE_URL']);
  if (baseURL) {
    if (!/^https?:\/\//.test(baseURL))
      throw new GardenerError('USAGE', `ANTHROPIC_BASE_URL is not an http(s) URL: ${baseURL}`);
    config.baseURL = baseURL.replace(/\/+$/, '');
  }
  return config;
}
