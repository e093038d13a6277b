import { compact } from '../../../core/format/index.js';

/** A named series of values (one per call). */
export interface Series {
  name: string;
  color: string;
  values: readonly number[];
}

export interface LineChartInput {
  title: string;
  subtitle?: string;
  series: readonly Series[];
  xLabel: string;
  yLabel: string;
  /** A dashed horizontal reference line (e.g. the window). */
  reference?: { value: number; label: string };
}

export interface Bar {
  name: string;
  color: string;
  value: number;
  /** Fill opacity (default 1): a lighter bar of the same colour. */
  opacity?: number;
}

export interface LegendItem {
  name: string;
  color: string;
  opacity?: number;
}

export interface BarChartInput {
  title: string;
  subtitle?: string;
  groups: ReadonlyArray<{ label: string; bars: readonly Bar[] }>;
  format: (value: number) => string;
  /** Top of the scale (default: the largest value). */
  max?: number;
  reference?: { value: number; label: string };
  /** Legend entries (default: one per distinct bar name, when there are several). */
  legend?: readonly LegendItem[];
}

const WIDTH = 760;
const FONT = 'system-ui, -apple-system, Segoe UI, Helvetica, Arial, sans-serif';
const MARGIN = { top: 64, right: 24, bottom: 56, left: 72 };
const INK = '#24292f';
const MUTED = '#57606a';
const GRID = '#d0d7de';

/** Escapes text for SVG content and attributes. */
export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Tick values from 0 to at least max, at a 1-2-5 step. */
export function niceTicks(max: number, count = 5): number[] {
  if (!(max > 0)) return [0, 1];
  const raw = max / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * magnitude >= raw) ?? 10) * magnitude;
  const ticks: number[] = [];
  for (let v = 0; v < max + step; v += step) ticks.push(Number(v.toPrecision(12)));
  return ticks;
}

function document(height: number, title: string, body: string[]): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" role="img" aria-label="${escapeXml(title)}" font-family="${FONT}">`,
    `<title>${escapeXml(title)}</title>`,
    `<rect x="0.5" y="0.5" width="${WIDTH - 1}" height="${height - 1}" rx="6" fill="#ffffff" stroke="${GRID}"/>`,
    ...body,
    '</svg>',
    '',
  ].join('\n');
}

function heading(title: string, subtitle: string | undefined): string[] {
  const lines = [
    `<text x="${MARGIN.left}" y="26" font-size="15" font-weight="600" fill="${INK}">${escapeXml(title)}</text>`,
  ];
  if (subtitle)
    lines.push(
      `<text x="${MARGIN.left}" y="44" font-size="12" fill="${MUTED}">${escapeXml(subtitle)}</text>`,
    );
  return lines;
}

function legend(items: readonly LegendItem[], y: number): string[] {
  const out: string[] = [];
  let x = MARGIN.left;
  for (const item of items) {
    out.push(
      `<rect x="${x}" y="${y - 9}" width="12" height="12" rx="2" fill="${item.color}"${opacityAttr(item.opacity)}/>`,
    );
    out.push(`<text x="${x + 17}" y="${y + 1}" font-size="12" fill="${INK}">${escapeXml(item.name)}</text>`);
    x += 30 + item.name.length * 7;
  }
  return out;
}

function yAxis(
  ticks: readonly number[],
  y: (v: number) => number,
  label: string,
  format: (v: number) => string,
): string[] {
  const out: string[] = [];
  for (const tick of ticks) {
    const py = y(tick).toFixed(1);
    out.push(
      `<line x1="${MARGIN.left}" x2="${WIDTH - MARGIN.right}" y1="${py}" y2="${py}" stroke="${GRID}" stroke-width="1"/>`,
    );
    out.push(
      `<text x="${MARGIN.left - 8}" y="${py}" dy="4" font-size="11" text-anchor="end" fill="${MUTED}">${escapeXml(format(tick))}</text>`,
    );
  }
  if (label)
    out.push(
      `<text transform="translate(16 ${(y(ticks[0] ?? 0) + y(ticks[ticks.length - 1] ?? 0)) / 2}) rotate(-90)" font-size="12" text-anchor="middle" fill="${MUTED}">${escapeXml(label)}</text>`,
    );
  return out;
}

function referenceLine(reference: { value: number; label: string }, y: (v: number) => number): string[] {
  const py = y(reference.value).toFixed(1);
  return [
    `<line x1="${MARGIN.left}" x2="${WIDTH - MARGIN.right}" y1="${py}" y2="${py}" stroke="#cf222e" stroke-width="1.5" stroke-dasharray="6 4"/>`,
    `<text x="${WIDTH - MARGIN.right - 4}" y="${py}" dy="-5" font-size="11" text-anchor="end" fill="#cf222e">${escapeXml(reference.label)}</text>`,
  ];
}

/** Context size per call, one line per strategy. */
export function lineChart(input: LineChartInput): string {
  const height = 340;
  const plotBottom = height - MARGIN.bottom;
  const calls = Math.max(1, ...input.series.map((s) => s.values.length));
  const top = Math.max(1, input.reference?.value ?? 0, ...input.series.flatMap((s) => s.values));
  const ticks = niceTicks(top);
  const yMax = ticks[ticks.length - 1] ?? top;
  const x = (i: number) =>
    MARGIN.left + (calls <= 1 ? 0 : (i / (calls - 1)) * (WIDTH - MARGIN.left - MARGIN.right));
  const y = (v: number) => plotBottom - (v / yMax) * (plotBottom - MARGIN.top);

  const body = [...heading(input.title, input.subtitle), ...yAxis(ticks, y, input.yLabel, compact)];
  for (const tick of niceTicks(calls - 1, 6).filter((t) => t <= calls - 1)) {
    body.push(
      `<text x="${x(tick).toFixed(1)}" y="${plotBottom + 16}" font-size="11" text-anchor="middle" fill="${MUTED}">${tick + 1}</text>`,
    );
  }
  body.push(
    `<text x="${(MARGIN.left + WIDTH - MARGIN.right) / 2}" y="${plotBottom + 32}" font-size="12" text-anchor="middle" fill="${MUTED}">${escapeXml(input.xLabel)}</text>`,
  );
  if (input.reference) body.push(...referenceLine(input.reference, y));
  for (const series of input.series) {
    const points = series.values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
    body.push(
      `<polyline fill="none" stroke="${series.color}" stroke-width="2" stroke-linejoin="round" points="${points}"><title>${escapeXml(series.name)}</title></polyline>`,
    );
  }
  body.push(...legend(input.series, height - 12));
  return document(height, input.title, body);
}

/** Grouped vertical bars with their values written above them. */
export function barChart(input: BarChartInput): string {
  const height = 320;
  const plotBottom = height - MARGIN.bottom;
  const top = Math.max(
    input.max ?? 0,
    input.reference?.value ?? 0,
    ...input.groups.flatMap((g) => g.bars.map((b) => b.value)),
    1e-9,
  );
  const ticks = niceTicks(top);
  const yMax = ticks[ticks.length - 1] ?? top;
  const y = (v: number) => plotBottom - (v / yMax) * (plotBottom - MARGIN.top);
  const groupWidth = (WIDTH - MARGIN.left - MARGIN.right) / Math.max(1, input.groups.length);
  const barsPerGroup = Math.max(1, ...input.groups.map((g) => g.bars.length));
  const barWidth = Math.min(56, (groupWidth * 0.7) / barsPerGroup);

  const body = [...heading(input.title, input.subtitle), ...yAxis(ticks, y, '', input.format)];
  input.groups.forEach((group, g) => {
    const start = MARGIN.left + g * groupWidth + (groupWidth - barWidth * group.bars.length) / 2;
    group.bars.forEach((bar, b) => {
      const bx = start + b * barWidth;
      const by = y(bar.value);
      body.push(
        `<rect x="${(bx + 2).toFixed(1)}" y="${by.toFixed(1)}" width="${(barWidth - 4).toFixed(1)}" height="${Math.max(0, plotBottom - by).toFixed(1)}" rx="2" fill="${bar.color}"${opacityAttr(bar.opacity)}><title>${escapeXml(`${group.label} · ${bar.name}: ${input.format(bar.value)}`)}</title></rect>`,
      );
      body.push(
        `<text x="${(bx + barWidth / 2).toFixed(1)}" y="${(by - 5).toFixed(1)}" font-size="11" text-anchor="middle" fill="${INK}">${escapeXml(input.format(bar.value))}</text>`,
      );
    });
    body.push(
      `<text x="${(MARGIN.left + (g + 0.5) * groupWidth).toFixed(1)}" y="${plotBottom + 18}" font-size="12" text-anchor="middle" fill="${INK}">${escapeXml(group.label)}</text>`,
    );
  });
  if (input.reference) body.push(...referenceLine(input.reference, y));
  const names = new Map<string, LegendItem>();
  for (const group of input.groups)
    for (const bar of group.bars) if (!names.has(bar.name)) names.set(bar.name, bar);
  const items = input.legend ?? (names.size > 1 ? [...names.values()] : []);
  if (items.length) body.push(...legend(items, height - 12));
  return document(height, input.title, body);
}

function opacityAttr(opacity: number | undefined): string {
  return opacity === undefined || opacity >= 1 ? '' : ` fill-opacity="${opacity}"`;
}

/** A point of a cost / fidelity chart: one strategy. */
export interface ScatterPoint {
  name: string;
  color: string;
  x: number;
  y: number;
  /** A second, hollow point of the same strategy (fidelity with recall), joined to the first. */
  y2?: number;
}

export interface ScatterChartInput {
  title: string;
  subtitle?: string;
  points: readonly ScatterPoint[];
  xLabel: string;
  yLabel: string;
  formatX: (value: number) => string;
  formatY: (value: number) => string;
}

/** Each strategy as a point, cost across and fidelity up: the frontier at a glance. */
export function scatterChart(input: ScatterChartInput): string {
  const height = 380;
  const plotBottom = height - MARGIN.bottom;
  const ys = input.points.flatMap((p) => (p.y2 === undefined ? [p.y] : [p.y, p.y2]));
  const floor = Math.max(0, Math.floor((Math.min(1, ...ys) - 0.02) * 20) / 20);
  const yTicks: number[] = [];
  for (let v = floor; v <= 1 + 1e-9; v += 0.05) yTicks.push(Number(v.toFixed(2)));
  const xTicks = niceTicks(Math.max(1e-9, ...input.points.map((p) => p.x)) * 1.1);
  const xMax = xTicks[xTicks.length - 1] ?? 1;
  const x = (v: number) => MARGIN.left + (v / xMax) * (WIDTH - MARGIN.left - MARGIN.right);
  const y = (v: number) => plotBottom - ((v - floor) / Math.max(1e-9, 1 - floor)) * (plotBottom - MARGIN.top);

  const body = [...heading(input.title, input.subtitle), ...yAxis(yTicks, y, input.yLabel, input.formatY)];
  for (const tick of xTicks)
    body.push(
      `<text x="${x(tick).toFixed(1)}" y="${plotBottom + 16}" font-size="11" text-anchor="middle" fill="${MUTED}">${escapeXml(input.formatX(tick))}</text>`,
    );
  body.push(
    `<text x="${(MARGIN.left + WIDTH - MARGIN.right) / 2}" y="${plotBottom + 32}" font-size="12" text-anchor="middle" fill="${MUTED}">${escapeXml(input.xLabel)}</text>`,
  );
  for (const p of input.points) {
    const px = x(p.x).toFixed(1);
    const label = `${p.name}: ${input.formatX(p.x)}, ${input.formatY(p.y)}${p.y2 === undefined ? '' : ` (${input.formatY(p.y2)} with recall)`}`;
    if (p.y2 !== undefined && p.y2 !== p.y) {
      body.push(
        `<line x1="${px}" x2="${px}" y1="${y(p.y).toFixed(1)}" y2="${y(p.y2).toFixed(1)}" stroke="${p.color}" stroke-width="1.5" stroke-dasharray="3 3"/>`,
        `<circle cx="${px}" cy="${y(p.y2).toFixed(1)}" r="5" fill="#ffffff" stroke="${p.color}" stroke-width="2"/>`,
      );
    }
    body.push(
      `<circle cx="${px}" cy="${y(p.y).toFixed(1)}" r="6" fill="${p.color}"><title>${escapeXml(label)}</title></circle>`,
      `<text x="${(x(p.x) + 9).toFixed(1)}" y="${y(p.y).toFixed(1)}" dy="4" font-size="12" fill="${INK}">${escapeXml(p.name)}</text>`,
    );
  }
  body.push(
    ...legend(
      [
        { name: 'in context (filled)', color: MUTED },
        { name: 'in context ∪ recall@5 (hollow)', color: MUTED, opacity: 0.3 },
      ],
      height - 12,
    ),
  );
  return document(height, input.title, body);
}
