import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { SECRET_SHAPES } from '../support/secret-shapes.js';

const alnum = (length: number) =>
  fc.string({
    unit: fc.constantFrom(...'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz0123456789'),
    minLength: length,
    maxLength: length,
  });
const upperDigits = (length: number) =>
  fc.string({
    unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'),
    minLength: length,
    maxLength: length,
  });
/** 40 base64 characters with upper, lower case and a digit, as AWS secret access keys are. */
const awsSecret = fc
  .tuple(alnum(37), fc.constantFrom('/', '+', 'Q'))
  .map(([body, extra]) => `aZ9${body.slice(0, 18)}${extra}${body.slice(18, 36)}`);

export interface PlantedSecret {
  /** The line planted in a tool output. */
  line: string;
  /** Strings that must never come out of gardener (the secret values). */
  values: string[];
}

/** A secret of a well-known shape in one of the contexts where agents meet them. */
export const plantedSecret: fc.Arbitrary<PlantedSecret> = fc.oneof(
  fc.tuple(upperDigits(16), awsSecret).map(([id, secret]) => ({
    line: `credentials.csv: deploy-bot,AKIA${id},${secret}`,
    values: [`AKIA${id}`, secret],
  })),
  fc.tuple(upperDigits(16), awsSecret).map(([id, secret]) => ({
    line: `aws configure set aws_access_key_id AKIA${id} && aws configure set aws_secret_access_key ${secret}`,
    values: [`AKIA${id}`, secret],
  })),
  awsSecret.map((secret) => ({ line: `using --secret-key ${secret} for the upload`, values: [secret] })),
  alnum(80).map((body) => ({
    line: `export ANTHROPIC_API_KEY=sk-ant-api03-${body}`,
    values: [`sk-ant-api03-${body}`],
  })),
  alnum(36).map((body) => ({
    line: `remote: https://x:ghp_${body}@github.com/o/r.git`,
    values: [`ghp_${body}`],
  })),
  alnum(24).map((body) => ({ line: `SLACK_BOT_TOKEN=xoxb-2048-${body}`, values: [`xoxb-2048-${body}`] })),
  fc.tuple(alnum(20), alnum(40), alnum(43)).map(([a, b, c]) => ({
    line: `Authorization: Bearer eyJ${a}.eyJ${b}.${c}`,
    values: [`eyJ${a}.eyJ${b}.${c}`],
  })),
  alnum(16).map((body) => ({ line: `DB_PASSWORD=Pw9${body}`, values: [`Pw9${body}`] })),
  fc.constantFrom(...SECRET_SHAPES).map((shape) => ({ line: shape.line, values: shape.values })),
  fc.array(alnum(64), { minLength: 2, maxLength: 4 }).map((rows) => ({
    line: ['-----BEGIN OPENSSH PRIVATE KEY-----', ...rows, '-----END OPENSSH PRIVATE KEY-----'].join('\n'),
    values: rows,
  })),
);

/** Calls `visit` with every text value of every table (FTS shadow tables included), deflated blobs inflated. */
function eachDatabaseText(file: string, visit: (text: string) => void): void {
  const db = new Database(file, { readonly: true });
  try {
    const tables = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").all() as Array<{
      name: string;
    }>;
    for (const { name } of tables) {
      for (const row of db.prepare(`SELECT * FROM "${name}"`).raw().iterate() as Iterable<unknown[]>) {
        for (const value of row) {
          if (typeof value === 'string') visit(value);
          else if (Buffer.isBuffer(value)) {
            visit(value.toString('latin1'));
            try {
              visit(inflateRawSync(value).toString('utf8'));
            } catch {
              // Not deflated (an FTS segment, a blob of bytes).
            }
          }
        }
      }
    }
  } finally {
    db.close();
  }
}

/** Every text value of every table, as one list (small stores). */
export function databaseTexts(file: string): string[] {
  const texts: string[] = [];
  eachDatabaseText(file, (text) => texts.push(text));
  return texts;
}

/** Which of `values` occur anywhere in the stored tables, read row by row (any store size). */
export function foundInDatabase(file: string, values: readonly string[]): string[] {
  const found = new Set<string>();
  eachDatabaseText(file, (text) => {
    for (const value of values) if (text.includes(value)) found.add(value);
  });
  return [...found];
}

/** The raw bytes of the database and its sidecars (WAL, journal), as text. */
export function databaseFileBytes(file: string): string {
  const dir = path.dirname(file);
  return readdirSync(dir)
    .filter((name) => name.startsWith(path.basename(file)))
    .map((name) => readFileSync(path.join(dir, name)).toString('latin1'))
    .join('\n');
}
