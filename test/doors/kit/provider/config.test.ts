import { describe, expect, it } from 'vitest';
import { DEFAULT_MODEL, resolveProviderConfig } from '../../../../src/doors/kit/provider/config.js';

describe('resolveProviderConfig', () => {
  it('takes key, base URL and model from the environment, with the default model', () => {
    expect(
      resolveProviderConfig({}, { ANTHROPIC_API_KEY: 'sk-1', ANTHROPIC_BASE_URL: 'http://127.0.0.1:9/' }),
    ).toEqual({
      model: DEFAULT_MODEL,
      apiKey: 'sk-1',
      baseURL: 'http://127.0.0.1:9',
    });
  });

  it('lets --model win over ANTHROPIC_MODEL, and ANTHROPIC_MODEL over the default', () => {
    const env = { ANTHROPIC_API_KEY: 'k', ANTHROPIC_MODEL: 'claude-opus-4-5' };
    expect(resolveProviderConfig({ model: 'claude-haiku-4-5' }, env).model).toBe('claude-haiku-4-5');
    expect(resolveProviderConfig({}, env).model).toBe('claude-opus-4-5');
  });

  it('falls back to ANTHROPIC_AUTH_TOKEN as a bearer token', () => {
    expect(resolveProviderConfig({}, { ANTHROPIC_AUTH_TOKEN: 'tok' })).toMatchObject({ authToken: 'tok' });
  });

  it('fails with a clear USAGE error when no key is set', () => {
    expect(() => resolveProviderConfig({}, { ANTHROPIC_API_KEY: '  ' })).toThrow(
      expect.objectContaining({ code: 'USAGE', message: expect.stringContaining('ANTHROPIC_API_KEY') }),
    );
  });

  it('refuses a key with characters no HTTP header may carry, naming the first one', () => {
    expect(() => resolveProviderConfig({}, { ANTHROPIC_API_KEY: 'sk-ant-…' })).toThrow(
      /the API key in ANTHROPIC_API_KEY contains characters that are not allowed \(character 8: "…" U\+2026\)/,
    );
    expect(() => resolveProviderConfig({}, { ANTHROPIC_AUTH_TOKEN: 'tok en' })).toThrow(
      /ANTHROPIC_AUTH_TOKEN/,
    );
  });

  it('rejects a base URL that is not http(s)', () => {
    expect(() =>
      resolveProviderConfig({}, { ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: 'localhost:8080' }),
    ).toThrow(/not an http/);
  });

  it('defaults to a Sonnet the installed SDK lists', () => {
    expect(DEFAULT_MODEL).toMatch(/^claude-sonnet-/);
  });
});
