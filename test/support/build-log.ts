/**
 * A build log as the README's demo stores it: 400 look-alike compile lines, a WARN every 50, one
 * ERROR line (233) that holds the fact, and the build's last word.
 */
export function buildLog(): string {
  const lines: string[] = [];
  for (let i = 1; i <= 400; i++)
    lines.push(
      i % 50 === 0
        ? `WARN slow module module${i / 50}.ts took ${900 + i} ms`
        : `INFO compiled module${i % 37}.ts in ${(i * 7) % 90} ms (${i} of 400)`,
    );
  lines[232] = 'ERROR vat.test.ts: batch 1612 expected 20.00, got 19.00 (rate 0.19 in src/vat.ts:3)';
  lines.push('build failed: 1 error, 8 warnings');
  return lines.join('\n');
}
