import { startFakeAnthropic } from './server.js';
import type { FakeAnthropic, FakeAnthropicOptions, Json } from './types.js';

/** A fake started for one test, and raw requests to it (headers as given, JSON or SSE answers parsed). */
export interface TestFake {
  fake: FakeAnthropic;
  post(
    path: string,
    body: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; json: Json; events: Json[] }>;
}

export async function startTestFake(options: FakeAnthropicOptions): Promise<TestFake> {
  const fake = await startFakeAnthropic(options);
  return {
    fake,
    async post(path, body, headers = {}) {
      const res = await fetch(`${fake.url}${path}`, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json', 'x-api-key': 'dummy', ...headers },
      });
      const text = await res.text();
      if (!(res.headers.get('content-type') ?? '').startsWith('text/event-stream'))
        return { status: res.status, json: JSON.parse(text), events: [] };
      const events = text
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line): Json => JSON.parse(line.slice(6)));
      return { status: res.status, json: undefined, events };
    },
  };
}
