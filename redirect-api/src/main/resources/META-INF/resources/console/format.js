// Numbers, times and durations for people: 1.2 k, 3 days ago, 10 days.

export function count(n) {
  if (n === null || n === undefined) return '—';
  const a = Math.abs(n);
  if (a < 1000) return String(Math.round(n));
  const units = [['k', 1e3], ['M', 1e6], ['G', 1e9], ['T', 1e12]];
  let unit = units[0];
  for (const u of units) if (a >= u[1]) unit = u;
  const v = n / unit[1];
  return (Math.abs(v) < 10 ? v.toFixed(1).replace(/\.0$/, '') : Math.round(v)) + ' ' + unit[0];
}

/** "3 days ago", "in 10 days", "just now". */
export function ago(iso, now) {
  if (!iso) return '—';
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  const seconds = Math.round((t - (now || Date.now())) / 1000);
  const words = span(Math.abs(seconds));
  if (words === null) return 'just now';
  return seconds < 0 ? words + ' ago' : 'in ' + words;
}

function span(s) {
  if (s < 45) return null;
  const steps = [[60, 'minute'], [3600, 'hour'], [86400, 'day'], [86400 * 30, 'month'], [86400 * 365, 'year']];
  let chosen = steps[0];
  for (const st of steps) if (s >= st[0] * (st[1] === 'minute' ? 1 : 0.95)) chosen = st;
  const n = Math.max(1, Math.round(s / chosen[0]));
  return n + ' ' + chosen[1] + (n === 1 ? '' : 's');
}

/** An exact time for a title attribute, in the reader's zone. */
export function exact(iso) {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
}

/** An ISO-8601 duration in words: P10D "10 days", PT12H "12 hours", P2W "2 weeks", permanent "permanent". */
export function duration(iso) {
  if (!iso) return '—';
  if (iso === 'permanent') return 'permanent';
  const m = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/i.exec(iso);
  if (!m) return iso;
  const parts = [];
  const add = (v, unit) => { if (v && Number(v) !== 0) parts.push(Number(v) + ' ' + unit + (Number(v) === 1 ? '' : 's')); };
  add(m[1], 'week'); add(m[2], 'day'); add(m[3], 'hour'); add(m[4], 'minute'); add(m[5], 'second');
  return parts.length ? parts.join(' ') : iso;
}

/** A duration's length in seconds, for sorting; Infinity for permanent, NaN when unreadable. */
export function seconds(iso) {
  if (iso === 'permanent') return Infinity;
  const m = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/i.exec(iso || '');
  if (!m) return NaN;
  const n = (v) => Number(v || 0);
  return n(m[1]) * 604800 + n(m[2]) * 86400 + n(m[3]) * 3600 + n(m[4]) * 60 + n(m[5]);
}

/** A UTC bucket's start as the chart's x value (Unix seconds). */
export function unixSeconds(iso) {
  return Math.floor(Date.parse(iso) / 1000);
}

/** "2025-03-17" of a bucket start, for tables. */
export function day(iso) {
  return iso ? iso.substring(0, 10) : '—';
}
