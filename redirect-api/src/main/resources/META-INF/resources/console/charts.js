// Charts by uPlot (the page loads its IIFE build from its webjar): x values in Unix seconds.
import { count } from './format.js';

const COLORS = ['#0b57d0', '#b3261e', '#1a7f37', '#8250df', '#8a5a00'];

/**
 * Draws series against time into target, sized to its width; returns the uPlot instance (its
 * data is what the chart shows). series: [{label, values}].
 */
export function timeChart(target, xs, series, opts) {
  const width = Math.max(260, target.clientWidth - 4);
  const options = {
    width,
    height: (opts && opts.height) || 220,
    series: [{}].concat(series.map((s, i) => ({
      label: s.label, stroke: COLORS[i % COLORS.length], width: 2, value: (u, v) => (v === null || v === undefined ? '—' : count(v)),
      points: { show: xs.length < 60 },
    }))),
    axes: [{}, { values: (u, vals) => vals.map(count), size: 50 }],
    scales: { x: { time: true }, y: { range: (u, min, max) => [0, Math.max(1, max)] } },
  };
  const chart = new uPlot(options, [xs].concat(series.map((s) => s.values)), target);
  // uPlot's legend is a table of live values; it is a picture's key, so named for what it is.
  const legend = target.querySelector('.u-legend');
  if (legend) legend.setAttribute('aria-label', 'legend and values under the pointer');
  return chart;
}

/** Keeps charts at their container's width while the window changes size. */
export function resizing(charts) {
  const onResize = () => charts.forEach((c) => {
    if (c && c.root && c.root.parentElement) c.setSize({ width: Math.max(260, c.root.parentElement.clientWidth - 4), height: c.height });
  });
  window.addEventListener('resize', onResize);
  return () => window.removeEventListener('resize', onResize);
}
