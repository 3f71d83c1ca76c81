// Find: the key's links, newest first, from GET /api/v1/links (the inventory API): search, tag
// chips, host and status filters, pages by cursor, export of the current filter as CSV or NDJSON.
import { h, field } from '../dom.js';
import { call, send, withQuery } from '../api.js';
import { ago, exact, count } from '../format.js';

const PAGE = 50;

export function render(ctx) {
  const q = field('find-q', 'Search titles and URLs', h('input', { type: 'search', name: 'q', autocomplete: 'off', 'data-test': 'search' }));
  const host = field('find-host', 'Host', h('input', { type: 'text', name: 'host', autocomplete: 'off', spellcheck: 'false',
    placeholder: 'example.com' }));
  const status = field('find-status', 'Status', h('select', { name: 'status' },
    [['live', 'live'], ['expired', 'expired'], ['disabled', 'disabled'], ['all', 'all']].map(([v, t]) => h('option', { value: v, text: t }))));
  const chips = h('div', { class: 'chips', role: 'group', 'aria-label': 'Tags' });
  const list = h('ul', { class: 'links', id: 'find-results', 'aria-live': 'polite' });
  const more = h('button', { type: 'button', hidden: true, text: 'More links' });
  const summary = h('p', { class: 'hint', id: 'find-summary' });
  const problem = h('p', { class: 'error', role: 'alert' });
  const form = h('form', { class: 'card', role: 'search', novalidate: true },
    h('div', { class: 'grid2' }, q.wrap, host.wrap, status.wrap), chips,
    h('div', { class: 'row' }, h('button', { type: 'submit', class: 'primary', text: 'Find' }),
      h('button', { type: 'button', onclick: () => exportAs('csv'), text: 'Export CSV' }),
      h('button', { type: 'button', onclick: () => exportAs('ndjson'), text: 'Export NDJSON' })));
  ctx.main.append(h('h1', { text: 'Find links' }), form, problem, summary, list, more);

  const selectedTags = new Set();
  let next = null;
  let seq = 0;
  let shown = 0;

  const filter = () => ({ q: q.input.value.trim(), host: host.input.value.trim(), status: status.input.value, tag: [...selectedTags] });

  async function load(append) {
    const mine = ++seq;
    problem.textContent = '';
    let page;
    try {
      page = await call('GET', withQuery('/api/v1/links', Object.assign({ limit: PAGE, cursor: append ? next : undefined }, filter())));
    } catch (e) {
      if (mine !== seq) return;
      problem.textContent = e.status === 404 || e.status === 405 ? 'This service does not list links yet.' : e.message;
      more.hidden = true;
      return;
    }
    if (mine !== seq) return; // an older answer arriving late
    if (!append) { list.replaceChildren(); shown = 0; }
    page.links.forEach((l) => list.append(row(l)));
    shown += page.links.length;
    next = page.next || null;
    more.hidden = !next;
    summary.textContent = shown === 0 ? 'No links match.' : count(shown) + (next ? ' links shown; more below' : ' links');
  }

  async function loadTags() {
    let answer;
    try {
      answer = await call('GET', '/api/v1/tags');
    } catch (e) {
      return; // no tags to offer; the search still works
    }
    tagsOf(answer).forEach(({ tag, count: n }) => {
      const chip = h('button', { type: 'button', class: 'chip', 'aria-pressed': 'false', 'data-tag': tag, text: tag + ' · ' + count(n) });
      chip.addEventListener('click', () => {
        const on = !selectedTags.has(tag);
        if (on) selectedTags.add(tag); else selectedTags.delete(tag);
        chip.setAttribute('aria-pressed', String(on));
        load(false);
      });
      chips.append(chip);
    });
  }

  async function exportAs(format) {
    try {
      const response = await send('GET', withQuery('/api/v1/links/export', Object.assign({ format }, filter())), undefined,
        format === 'csv' ? 'text/csv' : 'application/x-ndjson');
      const blob = await response.blob();
      const a = h('a', { href: URL.createObjectURL(blob), download: 'links.' + format });
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(a.href), 10000);
    } catch (e) {
      problem.textContent = 'Export failed: ' + e.message;
    }
  }

  form.addEventListener('submit', (e) => { e.preventDefault(); load(false); });
  status.input.addEventListener('change', () => load(false));
  let typing = null;
  q.input.addEventListener('input', () => { clearTimeout(typing); typing = setTimeout(() => load(false), 300); });
  ctx.onLeave(() => clearTimeout(typing));
  more.addEventListener('click', () => load(true));
  loadTags();
  load(false);
  q.input.focus();
}

/** GET /api/v1/tags as [{tag, count}], whether it answers {"tags": [...]} or a bare array, {tag|name, count|links}. */
function tagsOf(answer) {
  const items = Array.isArray(answer) ? answer : (answer && Array.isArray(answer.tags) ? answer.tags : []);
  return items.map((t) => (typeof t === 'string' ? { tag: t, count: null }
    : { tag: t.tag || t.name, count: t.count !== undefined ? t.count : t.links })).filter((t) => t.tag);
}

function row(l) {
  return h('li', { 'data-test': 'link-row', 'data-code': l.code },
    h('div', { class: 'row' },
      h('a', { href: '#/links/' + encodeURIComponent(l.code), text: l.title || l.code }),
      l.disabled ? h('span', { class: 'badge bad', text: 'disabled' }) : null,
      (l.tags || []).map((t) => h('span', { class: 'badge', text: t }))),
    h('span', { class: 'mono', text: l.shortUrl }),
    h('span', { class: 'target', text: l.url }),
    h('span', { class: 'hint', title: exact(l.createdAt), text: 'created ' + ago(l.createdAt) }));
}
