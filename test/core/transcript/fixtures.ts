import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { GardenerError } from '../../../src/errors.js';
import { toRequest, type Transcript } from '../../../src/core/transcript/types.js';
import { validate } from '../../../src/core/transcript/validate.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const fixtureDir = path.join(repoRoot, 'test/fixtures/transcript');

export function fixturePath(name: string): string {
  return path.join(fixtureDir, name);
}

export function fixture(name: string): string {
  return readFileSync(fixturePath(name), 'utf8');
}

/** Asserts the transcript is a valid Messages API request (and shows the issues when not). */
export function expectValid(transcript: Transcript): void {
  expect(validate(toRequest(transcript)).issues).toEqual([]);
}

/** The GardenerError a function throws (fails the test when it throws nothing or something else). */
export function caught(fn: () => unknown): GardenerError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(GardenerError);
    return error as GardenerError;
  }
  throw new Error('expected a GardenerError, nothing was thrown');
}

export async function caughtAsync(fn: () => Promise<unknown>): Promise<GardenerError> {
  try {
    await fn();
  } catch (error) {
    expect(error).toBeInstanceOf(GardenerError);
    return error as GardenerError;
  }
  throw new Error('expected a GardenerError, nothing was thrown');
}
