// API keys, for admins: create (scopes, limits, expiry; the secret shown this once), list with
// last use, change limits, revoke.
import { h, field, setFieldError, copy, confirmDialog, table, newestDraw } from '../dom.js';
import { call } from '../api.js';
import { fieldOf } from '../problems.js';
import { ago, exact, count } from '../format.js';

const SCOPES = [['links:read', 'read links and their statistics'], ['links:write', 'create, change and delete links'],
  ['capacity:read', 'the capacity report and planner'], ['admin', 'everything, keys and moderation included']];

export function render(ctx) {
  const created = h('section', { 'aria-live': 'polite' });
  const list = h('section', { 'aria-labelledby': 'keys-list-h' });
  ctx.main.append(h('h1', { text: 'API keys' }), createForm(ctx, created, () => drawList(ctx, list)), created, list);
  drawList(ctx, list);
}

function limitInputs(prefix) {
  const number = (name) => h('input', { type: 'number', name, min: '0', step: '1', inputmode: 'numeric' });
  return {
    requestsPerMinute: field(prefix + '-rpm', 'Requests a minute', number('requestsPerMinute'), 'Empty: the service\'s default; 0: no limit.'),
    linksPerDay: field(prefix + '-lpd', 'Links a day', number('linksPerDay'), 'Empty: the service\'s default; 0: no limit.'),
    expiresAt: field(prefix + '-expires', 'Expires', h('input', { type: 'datetime-local', name: 'expiresAt' }), 'Empty: never.'),
  };
}

/** The limits' values for the API: a number, or null for the default (and no expiry). */
function limitValues(limits) {
  const num = (f) => (f.input.value.trim() === '' ? null : Number(f.input.value));
  const when = limits.expiresAt.input.value;
  return { requestsPerMinute: num(limits.requestsPerMinute), linksPerDay: num(limits.linksPerDay),
    expiresAt: when ? new Date(when).toISOString() : null };
}

function createForm(ctx, createdBox, changed) {
  const name = field('key-name', 'Name', h('input', { type: 'text', name: 'name', autocomplete: 'off', maxlength: '64', 'data-test': 'key-name' }),
    'Who or what uses it: 1 to 64 letters, digits, spaces, ., _ or -.');
  const boxes = SCOPES.map(([scope, what]) => {
    const id = 'key-scope-' + scope.replace(':', '-');
    return { scope, input: h('input', { type: 'checkbox', id, name: 'scopes', value: scope, checked: scope === 'links:read' }),
      label: h('label', { for: id }, h('code', { text: scope }), ' — ' + what) };
  });
  const scopeError = h('p', { class: 'field-error', id: 'key-scopes-error' });
  const scopes = h('fieldset', { 'aria-describedby': 'key-scopes-error' }, h('legend', { text: 'Scopes' }),
    boxes.map((b) => h('div', { class: 'check' }, b.input, b.label)), scopeError);
  const limits = limitInputs('key');
  const formError = h('p', { class: 'error', role: 'alert' });
  const form = h('form', { class: 'stack card', novalidate: true, 'aria-labelledby': 'key-new-h' },
    h('h2', { id: 'key-new-h', text: 'New key' }), name.wrap, scopes,
    h('div', { class: 'grid2' }, limits.requestsPerMinute.wrap, limits.linksPerDay.wrap, limits.expiresAt.wrap), formError,
    h('div', { class: 'row' }, h('button', { type: 'submit', class: 'primary', 'data-test': 'key-submit', text: 'Create key' })));
  const fields = Object.assign({ name, scopes: { input: boxes[0].input, error: scopeError, wrap: scopes } }, limits);
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    [name, limits.requestsPerMinute, limits.linksPerDay, limits.expiresAt].forEach((f) => setFieldError(f, ''));
    scopeError.textContent = '';
    formError.textContent = '';
    const body = Object.assign({ name: name.input.value.trim(), scopes: boxes.filter((b) => b.input.checked).map((b) => b.scope) },
      limitValues(limits));
    try {
      const key = await call('POST', '/api/v1/keys', body);
      showSecret(ctx, createdBox, key);
      form.reset();
      changed();
    } catch (err) {
      const f = fields[fieldOf(err, Object.keys(fields))];
      if (f && f.error === scopeError) { scopeError.textContent = err.message; boxes[0].input.focus(); } else if (f) { setFieldError(f, err.message); f.input.focus(); } else formError.textContent = err.message;
    }
  });
  return form;
}

function showSecret(ctx, box, key) {
  const done = h('button', { type: 'button', text: 'I have stored it' });
  done.addEventListener('click', () => { box.replaceChildren(); ctx.status('The secret is gone from this page; the service keeps only its hash.'); });
  box.replaceChildren(h('div', { class: 'card', role: 'region', 'aria-labelledby': 'secret-h' },
    h('h2', { id: 'secret-h', text: 'Key "' + key.name + '" (' + key.id + ')' }),
    h('p', { text: 'Copy the secret now: it is shown this once, and the service cannot show it again.' }),
    h('p', {}, h('code', { class: 'secret', 'data-test': 'created-key', text: key.key })),
    h('div', { class: 'row' }, h('button', { type: 'button', onclick: () => copy(key.key, ctx.status), text: 'Copy secret' }), done)));
  done.focus();
}

async function drawList(ctx, box) {
  const newest = newestDraw(box);
  let keys;
  try {
    keys = await call('GET', '/api/v1/keys');
  } catch (e) {
    if (!newest()) return;
    box.replaceChildren(h('p', { class: 'error', role: 'alert', text: e.message }));
    return;
  }
  if (!newest()) return; // an older draw answered after a newer one began
  const limit = (v) => (v === null || v === undefined ? 'default' : v === 0 ? 'none' : count(v));
  const rows = keys.slice().reverse().map((k) => {
    const state = k.revoked ? 'revoked' : (k.expiresAt && Date.parse(k.expiresAt) < Date.now() ? 'expired' : 'active');
    const actions = state === 'active' ? h('div', { class: 'row' },
      h('button', { type: 'button', 'data-test': 'key-limits', onclick: () => limitsDialog(ctx, k, () => drawList(ctx, box)), text: 'Limits…' }),
      h('button', { type: 'button', class: 'danger', 'data-test': 'key-revoke', onclick: async () => {
        if (!await confirmDialog('Revoke "' + k.name + '"?', 'Requests with this key are refused from now on (on other nodes within seconds).', 'Revoke')) return;
        try {
          await call('DELETE', '/api/v1/keys/' + encodeURIComponent(k.id));
          ctx.status('Revoked ' + k.name);
          drawList(ctx, box);
        } catch (e) {
          ctx.status('Not revoked: ' + e.message);
        }
      }, text: 'Revoke' })) : '';
    return { attrs: { 'data-key-id': k.id, 'data-state': state }, cells: [
      h('span', {}, h('strong', { text: k.name }), h('br'), h('span', { class: 'mono hint', text: k.id })),
      k.scopes.join(', '), state,
      h('span', { title: exact(k.createdAt), text: ago(k.createdAt) }),
      k.lastUsedAt ? h('span', { title: exact(k.lastUsedAt), text: ago(k.lastUsedAt) }) : 'never',
      { field: 'requestsPerMinute', value: k.requestsPerMinute === null ? 'default' : k.requestsPerMinute, text: limit(k.requestsPerMinute) },
      { field: 'linksPerDay', value: k.linksPerDay === null ? 'default' : k.linksPerDay, text: limit(k.linksPerDay) },
      k.expiresAt ? h('span', { title: exact(k.expiresAt), text: ago(k.expiresAt) }) : 'never',
      actions] };
  });
  box.replaceChildren(h('h2', { id: 'keys-list-h', text: 'Keys' }),
    table(null, [{ label: 'name' }, { label: 'scopes' }, { label: 'state' }, { label: 'created' }, { label: 'last used' },
      { label: 'requests / min', num: true }, { label: 'links / day', num: true }, { label: 'expires' }, { label: 'actions' }], rows, { id: 'keys' }));
}

function limitsDialog(ctx, key, changed) {
  const limits = limitInputs('limits');
  if (key.requestsPerMinute !== null) limits.requestsPerMinute.input.value = String(key.requestsPerMinute);
  if (key.linksPerDay !== null) limits.linksPerDay.input.value = String(key.linksPerDay);
  if (key.expiresAt) {
    const d = new Date(key.expiresAt);
    limits.expiresAt.input.value = new Date(d.getTime() - d.getTimezoneOffset() * 60000).toISOString().substring(0, 16);
  }
  const formError = h('p', { class: 'error', role: 'alert' });
  const cancel = h('button', { type: 'button', text: 'Cancel' });
  const form = h('form', { class: 'stack', novalidate: true },
    h('h2', { id: 'limits-h', text: 'Limits of "' + key.name + '"' }),
    limits.requestsPerMinute.wrap, limits.linksPerDay.wrap, limits.expiresAt.wrap, formError,
    h('div', { class: 'row' }, h('button', { type: 'submit', class: 'primary', 'data-test': 'limits-submit', text: 'Save' }), cancel));
  const dialog = h('dialog', { 'aria-labelledby': 'limits-h' }, form);
  const close = () => { dialog.close(); dialog.remove(); };
  cancel.addEventListener('click', close);
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    Object.values(limits).forEach((f) => setFieldError(f, ''));
    formError.textContent = '';
    try {
      await call('PATCH', '/api/v1/keys/' + encodeURIComponent(key.id), limitValues(limits));
      close();
      ctx.status('Limits of ' + key.name + ' changed');
      changed();
    } catch (err) {
      const f = limits[fieldOf(err, Object.keys(limits))];
      if (f) { setFieldError(f, err.message); f.input.focus(); } else formError.textContent = err.message;
    }
  });
  document.body.append(dialog);
  dialog.showModal();
  limits.requestsPerMinute.input.focus();
}
