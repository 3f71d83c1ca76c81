// A link's page: its fields, targets, QR (PNG/SVG), expiry; its statistics as charts with tables
// beside them; edit, disable/enable (admin), delete with confirmation.
import { h, field, setFieldError, copy, confirmDialog, table } from '../dom.js';
import { call, withQuery } from '../api.js';
import { count, ago, exact, duration, unixSeconds, day } from '../format.js';
import { timeChart, resizing } from '../charts.js';
import { targetsFieldset, targetRows } from './targets.js';
import { routingFieldset, routingRows } from './routing.js';
import { showProblem } from './create.js';

const RANGES = [[7, 'last 7 days'], [30, 'last 30 days'], [90, 'last 90 days'], [400, 'last 400 days']];

export async function render(ctx, code) {
  const path = '/api/v1/links/' + encodeURIComponent(code);
  ctx.main.append(h('h1', { text: 'Link ' + code }));
  let link;
  try {
    link = await call('GET', path);
  } catch (e) {
    ctx.main.append(h('p', { class: 'error', role: 'alert', text: e.message }));
    return;
  }
  const body = h('div', {});
  ctx.main.append(body);
  drawLink(ctx, body, link, path);
  const stats = h('section', { 'aria-labelledby': 'stats-h' });
  ctx.main.append(stats);
  drawStats(ctx, stats, path, 30);
}

function drawLink(ctx, box, link, path) {
  const qr = '/' + encodeURIComponent(link.code) + '/qr';
  const state = link.disabled
    ? h('span', { class: 'badge bad', 'data-field': 'state', 'data-value': 'disabled', text: 'disabled' })
    : h('span', { class: 'badge ok', 'data-field': 'state', 'data-value': 'live', text: 'redirecting' });
  const rows = [
    ['Short URL', h('span', {}, h('a', { href: link.shortUrl, 'data-field': 'shortUrl', text: link.shortUrl }), ' ',
      h('button', { type: 'button', onclick: () => copy(link.shortUrl, ctx.status), text: 'Copy' }))],
    ['Goes to', h('span', { class: 'mono', 'data-field': 'url', text: link.url })],
    ['State', state],
  ];
  if (link.title) rows.push(['Title', h('span', { 'data-field': 'title', text: link.title })]);
  if (link.tags && link.tags.length) rows.push(['Tags', h('span', { 'data-field': 'tags', text: link.tags.join(', ') })]);
  if (link.externalId) rows.push(['External id', h('span', { class: 'mono', text: link.externalId })]);
  rows.push(['Lives', h('span', { 'data-field': 'ttl', 'data-value': link.ttl, text: link.ttl === 'permanent' ? 'permanently'
    : duration(link.ttl) + ' after each visit' })]);
  rows.push(['Expires', link.expiresAt
    ? h('span', { title: exact(link.expiresAt), 'data-field': 'expiresAt', 'data-value': link.expiresAt,
      text: ago(link.expiresAt) + ' if nobody visits it (' + exact(link.expiresAt) + '); every visit extends it' })
    : h('span', { 'data-field': 'expiresAt', text: 'never' })]);
  if (link.expiresAt) {
    // A read through the API is an access like a visit: the link was extended by this page's own request.
    rows.push(['Last extended', h('span', { 'data-field': 'lastExtended', text: 'just now: opening this page reads the link, and every read extends it' })]);
  }
  if (link.domain) rows.push(['Domain', h('span', { class: 'mono', 'data-field': 'domain', text: link.domain })]);
  if (link.validFrom) rows.push(['Valid from', h('span', { title: exact(link.validFrom), 'data-field': 'validFrom', text: exact(link.validFrom) })]);
  if (link.validUntil) rows.push(['Valid until', h('span', { title: exact(link.validUntil), 'data-field': 'validUntil',
    text: exact(link.validUntil) + (link.expiredUrl ? ', then to ' + link.expiredUrl : ', then 410') })]);
  if (link.forwardQuery !== undefined) rows.push(['Forwards the query', link.forwardQuery ? 'yes' : 'no']);
  rows.push(['Pool', link.pool]);
  rows.push(['Created', h('span', { title: exact(link.createdAt), text: ago(link.createdAt) })]);
  if (link.disabled) {
    const d = link.disabled;
    rows.push(['Disabled', (d.reason || 'no reason given') + (d.rule ? ' (deny rule ' + d.rule + ')' : '')
      + (d.by ? ' by ' + d.by : '') + (d.at ? ', ' + ago(d.at) : '')]);
  }
  targetRows(link.targets).forEach(([label, value]) => rows.push(['Target: ' + label, h('span', { class: 'mono', text: value })]));
  routingRows(link).forEach(([label, value, name]) => rows.push([label, h('span', { class: 'mono', 'data-field': name, text: value })]));

  const actions = h('div', { class: 'row' });
  const editBox = h('div', {});
  actions.append(h('button', { type: 'button', 'aria-expanded': 'false', 'data-test': 'edit', onclick: (e) => {
    const open = e.target.getAttribute('aria-expanded') === 'true';
    e.target.setAttribute('aria-expanded', String(!open));
    editBox.replaceChildren();
    if (!open) editBox.append(editForm(ctx, link, path, () => redraw(ctx, box, path)));
  }, text: 'Edit' }));
  if (ctx.admin) {
    actions.append(link.disabled
      ? h('button', { type: 'button', 'data-test': 'enable', onclick: () => act(ctx, box, path, 'POST', path + '/enable', undefined, 'Enabled'),
        text: 'Enable' })
      : h('button', { type: 'button', 'data-test': 'disable', onclick: async () => {
        const reason = await reasonDialog();
        if (reason !== null) act(ctx, box, path, 'POST', path + '/disable', { reason }, 'Disabled');
      }, text: 'Disable' }));
  }
  actions.append(h('button', { type: 'button', class: 'danger', 'data-test': 'delete', onclick: async () => {
    const sure = await confirmDialog('Delete ' + link.code + '?', 'The short link stops working everywhere within a second; this cannot be undone.',
      'Delete for good');
    if (!sure) return;
    try {
      await call('DELETE', path);
      ctx.status('Deleted ' + link.code);
      ctx.navigate('#/create');
    } catch (e) {
      ctx.status('Not deleted: ' + e.message);
    }
  }, text: 'Delete' }));

  box.replaceChildren(
    h('div', { class: 'result' },
      h('div', { class: 'card' }, h('dl', { class: 'fields' }, rows.map(([k, v]) => [h('dt', { text: k }), h('dd', {}, v)]))),
      h('figure', { class: 'card' },
        h('img', { class: 'qr', src: qr + '?format=svg', width: '160', height: '160', alt: 'QR code of ' + link.shortUrl }),
        h('figcaption', {}, 'Download: ', h('a', { href: qr + '?format=png&size=1024', download: link.code + '.png', text: 'PNG' }), ' · ',
          h('a', { href: qr + '?format=svg', download: link.code + '.svg', text: 'SVG' })))),
    actions, editBox);
}

async function redraw(ctx, box, path) {
  try {
    drawLink(ctx, box, await call('GET', path), path);
  } catch (e) {
    ctx.status(e.message);
  }
}

async function act(ctx, box, path, method, actionPath, body, done) {
  try {
    await call(method, actionPath, body);
    ctx.status(done);
    await redraw(ctx, box, path);
  } catch (e) {
    ctx.status(e.message);
  }
}

function reasonDialog() {
  return new Promise((resolve) => {
    const reason = field('disable-reason', 'Reason (shown to visitors)', h('input', { type: 'text', name: 'reason', autocomplete: 'off' }));
    const form = h('form', { method: 'dialog', class: 'stack' }, h('h2', { id: 'disable-h', text: 'Disable this link' }), reason.wrap,
      h('div', { class: 'row' }, h('button', { type: 'submit', class: 'danger primary', 'data-test': 'confirm', text: 'Disable' }),
        h('button', { type: 'button', value: 'cancel', onclick: () => done(null), text: 'Cancel' })));
    const dialog = h('dialog', { 'aria-labelledby': 'disable-h' }, form);
    const done = (v) => { dialog.close(); dialog.remove(); resolve(v); };
    form.addEventListener('submit', (e) => { e.preventDefault(); done(reason.input.value.trim()); });
    dialog.addEventListener('cancel', (e) => { e.preventDefault(); done(null); });
    document.body.append(dialog);
    dialog.showModal();
    reason.input.focus();
  });
}

function editForm(ctx, link, path, saved) {
  const url = field('edit-url', 'Long URL', h('input', { type: 'text', name: 'url', inputmode: 'url', spellcheck: 'false', 'data-test': 'edit-url' }));
  const title = field('edit-title', 'Title', h('input', { type: 'text', name: 'title', maxlength: '200' }));
  const tags = field('edit-tags', 'Tags', h('input', { type: 'text', name: 'tags', spellcheck: 'false' }), 'Separated by commas or spaces.');
  const targets = targetsFieldset('edit-targets');
  const routing = routingFieldset('edit-routing', true);
  url.input.value = link.url;
  title.input.value = link.title || '';
  tags.input.value = (link.tags || []).join(', ');
  targets.fill(link.targets);
  routing.fill(link);
  const formError = h('p', { class: 'error', role: 'alert' });
  const fields = Object.assign({ url, title, tags }, targets.fields, routing.fields);
  const form = h('form', { class: 'stack card', novalidate: true, 'aria-label': 'Edit ' + link.code }, url.wrap,
    h('div', { class: 'grid2' }, title.wrap, tags.wrap), targets.element, routing.element, formError,
    h('div', { class: 'row' }, h('button', { type: 'submit', class: 'primary', 'data-test': 'edit-submit', text: 'Save' })));
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    Object.values(fields).forEach((f) => setFieldError(f, ''));
    formError.textContent = '';
    // Only what changed is sent: a PATCH leaves the rest, and a service without titles or tags refuses those fields.
    const patch = {};
    if (url.input.value.trim() !== link.url) patch.url = url.input.value.trim();
    if (title.input.value.trim() !== (link.title || '')) patch.title = title.input.value.trim();
    const tagList = tags.input.value.split(/[\s,]+/).map((t) => t.trim()).filter((t) => t);
    if (tagList.join(',') !== (link.tags || []).join(',')) patch.tags = tagList;
    if (JSON.stringify(targets.value()) !== JSON.stringify(link.targets || null)) patch.targets = targets.value();
    try {
      Object.assign(patch, routing.patch(link));
      if (!Object.keys(patch).length) { formError.textContent = 'Nothing changed.'; return; }
      await call('PATCH', path, patch);
      ctx.status('Saved');
      saved();
    } catch (err) {
      showProblem(err, fields, fields, formError);
    }
  });
  setTimeout(() => url.input.focus(), 0);
  return form;
}

// ------------------------------------------------------------------ statistics

let statsSeq = 0;

async function drawStats(ctx, box, path, days) {
  const mine = ++statsSeq;
  ['daily', 'hourly'].forEach((name) => { if (ctx.charts[name]) { ctx.charts[name].destroy(); delete ctx.charts[name]; } });
  const range = h('select', { id: 'stats-range', name: 'range' },
    RANGES.map(([n, label]) => h('option', { value: String(n), selected: n === days, text: label })));
  range.addEventListener('change', () => drawStats(ctx, box, path, Number(range.value)));
  const hourlyChart = h('div', { class: 'chart', id: 'chart-hourly', 'data-test': 'stats-chart' });
  const dailyChart = h('div', { class: 'chart', id: 'chart-daily', 'data-test': 'stats-chart' });
  const side = h('div', { class: 'tables' });
  const dailyTable = h('div', {});
  box.replaceChildren(
    h('h2', { id: 'stats-h', text: 'Clicks' }),
    h('div', { class: 'row' }, h('label', { for: 'stats-range', text: 'Days' }), range),
    h('div', { class: 'stats' },
      h('div', {},
        h('figure', { class: 'card' }, h('figcaption', { id: 'cap-daily', text: 'Clicks per day, ' + RANGES.find((r) => r[0] === days)[1] }), dailyChart),
        h('figure', { class: 'card' }, h('figcaption', { id: 'cap-hourly', text: 'Clicks per hour, last 7 days' }), hourlyChart)),
      side),
    dailyTable);
  let daily;
  let hourly;
  try {
    [daily, hourly] = await Promise.all([
      call('GET', withQuery(path + '/stats', { unit: 'day', units: days })),
      call('GET', withQuery(path + '/stats', { unit: 'hour', units: hoursKept() })),
    ]);
  } catch (e) {
    if (mine === statsSeq) side.append(h('p', { class: 'error', role: 'alert', text: 'No statistics: ' + e.message }));
    return;
  }
  if (mine !== statsSeq) return; // another range was asked for meanwhile
  box.setAttribute('data-unit-reference', daily.unitReference);
  ctx.charts.daily = timeChart(dailyChart, daily.series.map((p) => unixSeconds(p.start)), [
    { label: 'humans', values: daily.series.map((p) => p.humans) },
    { label: 'bots', values: daily.series.map((p) => p.bots) },
    { label: 'unique visitors', values: daily.series.map((p) => (p.uniques === undefined ? null : p.uniques)) },
    { label: 'QR scans', values: daily.series.map((p) => p.qrScans) },
  ]);
  ctx.charts.hourly = timeChart(hourlyChart, hourly.series.map((p) => unixSeconds(p.start)), [
    { label: 'humans', values: hourly.series.map((p) => p.humans) },
    { label: 'bots', values: hourly.series.map((p) => p.bots) },
  ]);
  ctx.onLeave(resizing([ctx.charts.daily, ctx.charts.hourly]));

  const t = daily.totals;
  side.append(table('Totals, ' + RANGES.find((r) => r[0] === days)[1], [{ label: 'what' }, { label: 'count', num: true }], [
    ['clicks', 'clicks', t.clicks], ['humans', 'humans', t.humans], ['bots', 'bots', t.bots],
    ['unique visitors', 'uniques', t.uniques], ['QR scans', 'qrScans', t.qrScans],
  ].map(([label, name, v]) => ({ cells: [label, { field: name, value: v, text: count(v) }] })), { id: 'stats-totals' }));
  side.append(breakdown('Devices (humans)', 'device', Object.entries(daily.devices || {}), 'stats-devices'));
  side.append(breakdown('Top referrers (humans)', 'referrer', (daily.referrers || []).map((r) => [r.host, r.clicks]), 'stats-referrers'));
  if (daily.countries) side.append(breakdown('Countries (humans)', 'country', Object.entries(daily.countries), 'stats-countries'));

  dailyTable.append(h('details', {}, h('summary', { text: 'Every day as a table' }),
    table('Clicks per day', [{ label: 'day' }, { label: 'clicks', num: true }, { label: 'humans', num: true }, { label: 'bots', num: true },
      { label: 'unique', num: true }, { label: 'QR', num: true }],
    daily.series.slice().reverse().map((p) => ({ attrs: { 'data-day': day(p.start) }, cells: [day(p.start), count(p.clicks), count(p.humans),
      count(p.bots), p.uniques === undefined ? '—' : count(p.uniques), count(p.qrScans)] })), { id: 'stats-daily' })));
}

/** The hours back to the first one the service keeps: today and the 6 days before it, whole (UTC). */
function hoursKept() {
  return 6 * 24 + new Date().getUTCHours() + 1;
}

function breakdown(caption, what, entries, id) {
  const rows = entries.filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1]);
  if (!rows.length) return h('p', { class: 'hint', id, text: caption + ': none yet' });
  return table(caption, [{ label: what, wrap: true }, { label: 'clicks', num: true }],
    rows.map(([k, n]) => ({ attrs: { 'data-key': k }, cells: [k || '(none)', { field: 'clicks', value: n, text: count(n) }] })), { id });
}
