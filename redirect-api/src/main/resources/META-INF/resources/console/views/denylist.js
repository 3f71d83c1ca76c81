// The deny-list, for admins: rules by host (and its subdomains) or URL prefix; add, list (with the links each
// holds out of service), remove.
import { h, field, setFieldError, confirmDialog, table, newestDraw } from '../dom.js';
import { call } from '../api.js';
import { fieldOf } from '../problems.js';
import { ago, exact } from '../format.js';

export function render(ctx) {
  const list = h('section', { 'aria-labelledby': 'rules-h' });
  const kind = field('rule-kind', 'Kind', h('select', { name: 'kind' },
    h('option', { value: 'host', text: 'host (and its subdomains)' }), h('option', { value: 'prefix', text: 'URL prefix' })));
  const value = field('rule-value', 'Host or prefix', h('input', { type: 'text', name: 'value', autocomplete: 'off', spellcheck: 'false',
    'data-test': 'rule-value', placeholder: 'spam.example or https://example.com/bad/' }));
  const reason = field('rule-reason', 'Reason', h('input', { type: 'text', name: 'reason', autocomplete: 'off' }));
  const formError = h('p', { class: 'error', role: 'alert' });
  const form = h('form', { class: 'stack card', novalidate: true, 'aria-labelledby': 'rule-new-h' },
    h('h2', { id: 'rule-new-h', text: 'New rule' }),
    h('p', { class: 'hint', text: 'A rule refuses new links to what it names and makes existing ones answer 410 within seconds.' }),
    h('div', { class: 'grid2' }, kind.wrap, value.wrap), reason.wrap, formError,
    h('div', { class: 'row' }, h('button', { type: 'submit', class: 'primary', 'data-test': 'rule-submit', text: 'Add rule' })));
  const fields = { kind, value, reason };
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    Object.values(fields).forEach((f) => setFieldError(f, ''));
    formError.textContent = '';
    try {
      await call('POST', '/api/v1/denylist', { kind: kind.input.value, value: value.input.value.trim(), reason: reason.input.value.trim() || null });
      form.reset();
      ctx.status('Rule added');
      drawList(ctx, list);
    } catch (err) {
      const f = fields[fieldOf(err, Object.keys(fields))];
      if (f) { setFieldError(f, err.message); f.input.focus(); } else formError.textContent = err.message;
    }
  });
  ctx.main.append(h('h1', { text: 'Deny-list' }), form, list);
  drawList(ctx, list);
}

/** The links each rule holds out of service (410), by rule id: from the listing of disabled links (its first 1,000). */
async function heldByRule() {
  const held = {};
  try {
    const page = await call('GET', '/api/v1/links?status=disabled&limit=1000');
    for (const link of page.links || []) {
      const rule = link.disabled && link.disabled.rule;
      if (rule) (held[rule] = held[rule] || []).push(link.code);
    }
  } catch (e) {
    return null; // the rules are shown without what they hold
  }
  return held;
}

/** "2 links: a, b" with each code leading to its page; "none" when the rule holds no link. */
function holds(codes) {
  if (!codes || !codes.length) return { field: 'holds', value: 0, text: 'none' };
  const shown = codes.slice(0, 5);
  const node = h('span', {}, (codes.length === 1 ? '1 link: ' : codes.length + ' links: '),
    ...shown.flatMap((c, i) => [i ? ', ' : '', h('a', { href: '#/links/' + encodeURIComponent(c), class: 'mono', text: c })]),
    codes.length > shown.length ? ', …' : '');
  return { field: 'holds', value: codes.length, node };
}

async function drawList(ctx, box) {
  const newest = newestDraw(box);
  let rules;
  let held;
  try {
    [rules, held] = await Promise.all([call('GET', '/api/v1/denylist'), heldByRule()]);
  } catch (e) {
    if (!newest()) return;
    box.replaceChildren(h('p', { class: 'error', role: 'alert', text: e.message }));
    return;
  }
  if (!newest()) return; // an older draw answered after a newer one began
  const rows = rules.map((r) => ({ attrs: { 'data-rule-id': r.id }, cells: [
    r.kind, h('span', { class: 'mono', text: r.value }), r.reason || '', r.source || '', r.createdBy || '',
    r.createdAt ? h('span', { title: exact(r.createdAt), text: ago(r.createdAt) }) : '',
    held ? holds(held[r.id]) : '',
    r.source === 'api' || !r.source ? h('button', { type: 'button', class: 'danger', 'data-test': 'rule-remove', onclick: async () => {
      if (!await confirmDialog('Remove this rule?', 'New links to ' + r.value + ' are taken again, and links it disabled redirect again.', 'Remove')) return;
      try {
        await call('DELETE', '/api/v1/denylist/' + encodeURIComponent(r.id));
        ctx.status('Rule removed');
        drawList(ctx, box);
      } catch (e) {
        ctx.status('Not removed: ' + e.message);
      }
    }, text: 'Remove' }) : h('span', { class: 'hint', text: 'in the configuration file' })] }));
  box.replaceChildren(h('h2', { id: 'rules-h', text: 'Rules' }), rows.length
    ? table(null, [{ label: 'kind' }, { label: 'value', wrap: true }, { label: 'reason', wrap: true }, { label: 'source' }, { label: 'by' },
      { label: 'added' }, { label: 'holds (410)', wrap: true }, { label: 'actions' }], rows, { id: 'rules' })
    : h('p', { class: 'hint', text: 'No rules.' }));
}
