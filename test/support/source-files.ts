/**
 * Source files as an agent reads them, each with one fact a later question asks for: a token at
 * line 331 of a 700-line module, and a constant in the middle of a 51 KB one. Deterministic.
 */
export const ZONE_TOKEN = 'zr-5512-kappa';
export const LATE_FEE_BASIS_POINTS = '2375';

/** 1-based line of the zone token in inventory.js. */
export const ZONE_TOKEN_LINE = 331;

function functionLines(name: string, i: number): string[] {
  return [
    `function ${name}${i}(items, options = {}) {`,
    `  const limit = options.limit ?? ${((i * 17) % 90) + 10};`,
    `  return items.filter((item) => item.qty > ${i % 7}).slice(0, limit);`,
    '}',
    '',
  ];
}

/** src/inventory.js: 700 lines; line 331 sets the zone override token. */
export function inventoryJs(): string {
  const lines: string[] = [];
  for (let i = 0; lines.length < 700; i++) lines.push(...functionLines('pickZone', i));
  lines.length = 700;
  lines[ZONE_TOKEN_LINE - 1] = `const ZONE_OVERRIDE_TOKEN = '${ZONE_TOKEN}'; // see ops/zone-rules.csv`;
  return `${lines.join('\n')}\n`;
}

/** src/pricing.js: about 51 KB; the late fee constant sits in the middle. */
export function pricingJs(): string {
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; size < 51_000; i++) {
    const block = functionLines('priceTier', i);
    lines.push(...block);
    size += block.join('\n').length + 1;
    if (i === 220) lines.push(`export const LATE_FEE_BASIS_POINTS = ${LATE_FEE_BASIS_POINTS};`, '');
  }
  return `${lines.join('\n')}\n`;
}

/** A file as Claude Code's Read tool returns it: each line numbered, `→` before the text. */
export function asRead(text: string): string {
  return text
    .replace(/\n$/, '')
    .split('\n')
    .map((line, i) => `${String(i + 1).padStart(6)}→${line}`)
    .join('\n');
}
