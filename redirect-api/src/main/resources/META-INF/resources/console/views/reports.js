// Reports from visitors, for admins: the open queue (or all), each resolved by disabling the link or dismissing.
import { h, table, newestDraw } from '../dom.js';
import { call, withQuery } from '../api.js';
import { ago, exact, count } from '../format.js';

export function render(ctx) {
  const all = h('input', { type: 'checkbox', id: 'reports-all', name: 'all' });
  const list = h('section', { 'aria-live': 'polite' });
  all.addEventListener('change', () => drawList(ctx, list, all.checked));
  ctx.main.append(h('h1', { text: 'Reports' }),
    h('div', { class: 'row' }, all, h('label', { for: 'reports-all', text: 'Show resolved reports too' })), list);
  drawList(ctx, list, false);
}

async function drawList(ctx, box, all) {
  const newest = newestDraw(box);
  let reports;
  try {
    reports = await call('GET', withQuery('/api/v1/reports', { all: all ? 'true' : undefined }));
  } catch (e) {
    if (!newest()) return;
    box.replaceChildren(h('p', { class: 'error', role: 'alert', text: e.message }));
    return;
  }
  if (!newest()) return; // an older draw answered after a newer one began
  const resolve = (r, action) => async () => {
    try {
      await call('POST', '/api/v1/reports/' + encodeURIComponent(r.code) + '/resolve', { action, reason: action === 'disable' ? r.lastReason : null });
      ctx.status(action === 'disable' ? 'Disabled ' + r.code : 'Dismissed the reports of ' + r.code);
      drawList(ctx, box, all);
    } catch (e) {
      ctx.status(e.message);
    }
  };
  const rows = reports.map((r) => ({ attrs: { 'data-report': r.code }, cells: [
    h('a', { href: '#/links/' + encodeURIComponent(r.code), text: r.code }), { field: 'count', value: r.count, text: count(r.count) },
    r.lastReason || '', h('span', { title: exact(r.firstAt), text: ago(r.firstAt) }), h('span', { title: exact(r.lastAt), text: ago(r.lastAt) }),
    r.resolution ? r.resolution + (r.resolvedBy ? ' by ' + r.resolvedBy : '') : h('div', { class: 'row' },
      h('button', { type: 'button', class: 'danger', 'data-test': 'report-disable', onclick: resolve(r, 'disable'), text: 'Disable link' }),
      h('button', { type: 'button', 'data-test': 'report-dismiss', onclick: resolve(r, 'dismiss'), text: 'Dismiss' }))] }));
  box.replaceChildren(rows.length
    ? table(all ? 'All reports' : 'Open reports', [{ label: 'link' }, { label: 'reports', num: true }, { label: 'latest reason', wrap: true },
      { label: 'first' }, { label: 'latest' }, { label: 'resolution' }], rows, { id: 'reports' })
    : h('p', { class: 'hint', text: all ? 'No reports.' : 'No open reports.' }));
}
