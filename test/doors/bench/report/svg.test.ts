import { describe, expect, it } from 'vitest';
import {
  barChart,
  escapeXml,
  lineChart,
  niceTicks,
  scatterChart,
} from '../../../../src/doors/bench/report/svg.js';
import { xmlProblems } from './xml.js';

describe('svg charts', () => {
  it('picks 1-2-5 ticks that cover the maximum', () => {
    expect(niceTicks(229)).toEqual([0, 50, 100, 150, 200, 250]);
    expect(niceTicks(1)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(niceTicks(0)).toEqual([0, 1]);
  });

  it('draws a well-formed line chart with one polyline per series and the window line', () => {
    const svg = lineChart({
      title: 'Context per call · a <b> & "c"',
      series: [
        { name: 'raw', color: '#777', values: [10, 20, 30, 40] },
        { name: 'mask', color: '#e83', values: [10, 15, 15, 20] },
      ],
      xLabel: 'call',
      yLabel: 'tokens',
      reference: { value: 32_000, label: 'window 32k' },
    });
    expect(xmlProblems(svg)).toEqual([]);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.match(/<polyline /g)).toHaveLength(2);
    expect(svg).toContain('window 32k');
    expect(svg).toContain('a &lt;b&gt; &amp; &quot;c&quot;');
  });

  it('draws a well-formed bar chart with a bar and a value label per value', () => {
    const svg = barChart({
      title: 'Cost',
      groups: [
        { label: 'raw', bars: [{ name: 'cost', color: '#777', value: 1 }] },
        { label: 'mask', bars: [{ name: 'cost', color: '#e83', value: 2.48 }] },
      ],
      format: (v) => `${v.toFixed(2)}×`,
      reference: { value: 1, label: 'raw' },
    });
    expect(xmlProblems(svg)).toEqual([]);
    expect(svg).toContain('>2.48×</text>');
    expect(svg.match(/<rect [^>]*fill="#e83"/g)).toHaveLength(1);
  });

  it('draws each strategy as a point of cost against fidelity, with a hollow point for recall', () => {
    const svg = scatterChart({
      title: 'Cost against fidelity',
      points: [
        { name: 'raw', color: '#777', x: 1, y: 1 },
        { name: 'gardener', color: '#2ca02c', x: 0.79, y: 0.935, y2: 0.98 },
        { name: 'oracle', color: '#24292f', x: 0.56, y: 0.995 },
      ],
      xLabel: 'cost / raw',
      yLabel: 'needles kept',
      formatX: (v) => `${v.toFixed(2)}×`,
      formatY: (v) => `${(v * 100).toFixed(1)}%`,
    });
    expect(xmlProblems(svg)).toEqual([]);
    expect(svg.match(/<circle [^>]*r="6"/g)).toHaveLength(3);
    expect(svg.match(/<circle [^>]*fill="#ffffff"/g)).toHaveLength(1);
    expect(svg).toContain('gardener: 0.79×, 93.5% (98.0% with recall)');
  });

  it('escapes XML specials', () => {
    expect(escapeXml('<a href="x">&</a>')).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;');
  });
});
