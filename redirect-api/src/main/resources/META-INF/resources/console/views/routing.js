// Routing in a form: the branded domain, query forwarding, the validity window, a click limit, a
// password, a weighted split and rules (as JSON, the API's own shape). Used by the create form and
// the link page's edit form.
import { h, field } from '../dom.js';

/** A refusal made here, before anything is sent: it names its field like the API's would. */
export class FormProblem extends Error {
  constructor(fieldName, message) {
    super(message);
    this.field = fieldName;
  }
}

/** "https://example.com/a 3" per line, the weight optional; the split for the API, or null for none. */
function parseSplit(text) {
  const lines = text.split('\n').map((l) => l.trim()).filter((l) => l);
  if (!lines.length) return null;
  return lines.map((line, i) => {
    const [url, weight, extra] = line.split(/\s+/);
    if (extra !== undefined || (weight !== undefined && !/^\d+$/.test(weight))) {
      throw new FormProblem('split', 'line ' + (i + 1) + ': give a URL and, optionally, a whole-number weight after a space');
    }
    return weight === undefined ? { url } : { url, weight: Number(weight) };
  });
}

function splitText(split) {
  return (split || []).map((v) => v.url + (v.weight && v.weight !== 1 ? ' ' + v.weight : '')).join('\n');
}

function parseRules(text) {
  if (!text.trim()) return null;
  let rules;
  try {
    rules = JSON.parse(text);
  } catch (e) {
    throw new FormProblem('rules', 'not JSON: ' + e.message);
  }
  if (!Array.isArray(rules)) throw new FormProblem('rules', 'a JSON array of {"when": {...}, "url": "..."}');
  return rules;
}

/** The routing fieldset for a form whose ids start with prefix; {element, fields (by problem name), create(), patch(link), fill(link)}. */
export function routingFieldset(prefix, editing) {
  const text = (name, placeholder, extra) => h('input', Object.assign({ type: 'text', name, autocomplete: 'off', spellcheck: 'false',
    placeholder }, extra || {}));
  const forward = h('select', { name: 'forwardQuery' }, h('option', { value: '', text: 'The service\'s default' }),
    h('option', { value: 'true', text: 'Yes: add the visitor\'s query to the target' }), h('option', { value: 'false', text: 'No' }));
  const fields = {
    domain: field(prefix + '-domain', 'Branded domain', text('domain', 'go.example.com'), 'A host added by an admin; empty: the default domain.'),
    forwardQuery: field(prefix + '-forward', 'Forward the query string', forward),
    validFrom: field(prefix + '-valid-from', 'Valid from (ISO-8601)', text('validFrom', '2027-02-01T09:00:00Z'), 'Before it the link answers 404.'),
    validUntil: field(prefix + '-valid-until', 'Valid until (ISO-8601)', text('validUntil', '2027-03-01T00:00:00Z'), 'From it the link is over.'),
    maxClicks: field(prefix + '-max-clicks', 'Click limit', text('maxClicks', '1000', { inputmode: 'numeric' }),
      'People\'s clicks it serves, then it is over.'),
    expiredUrl: field(prefix + '-expired-url', 'Once over, send visitors to', text('expiredUrl', 'https://example.com/offer-ended',
      { inputmode: 'url' }), 'Empty: a 410 page.'),
    password: field(prefix + '-password', editing ? 'New password' : 'Password', h('input', { type: 'password', name: 'password',
      autocomplete: 'new-password', maxlength: '128' }), editing ? 'Empty: keep the current one.' : '4 to 128 characters; visitors type it before the redirect.'),
    split: field(prefix + '-split', 'Split visitors between', h('textarea', { name: 'split', rows: '3', spellcheck: 'false',
      placeholder: 'https://example.com/a 70\nhttps://example.com/b 30' }), 'One URL per line with an optional weight; 2 to 10 lines. Each visitor keeps one all day.'),
    rules: field(prefix + '-rules', 'Rules (JSON)', h('textarea', { name: 'rules', rows: '4', spellcheck: 'false',
      placeholder: '[{"when": {"language": ["fr"]}, "url": "https://example.com/fr"}]' }),
      'First match wins: when country, language, device, query, after, before.'),
  };
  const removePassword = h('input', { type: 'checkbox', id: prefix + '-password-remove', name: 'passwordRemove' });
  const removeWrap = h('div', { class: 'row' }, removePassword, h('label', { for: prefix + '-password-remove', text: 'Remove the password' }));
  if (editing) fields.domain.input.disabled = true; // a link's domain is where its short URL lives: it does not move
  const v = (name) => fields[name].input.value.trim();
  const details = h('details', { id: prefix },
    h('summary', { text: 'Routing (optional)' }),
    h('p', { class: 'hint', text: 'Where people go besides the url: a window, a click limit, a password, a split, rules. Bots get the url.' }),
    h('div', { class: 'grid2' }, ['domain', 'forwardQuery', 'validFrom', 'validUntil', 'maxClicks', 'expiredUrl', 'password']
      .map((n) => fields[n].wrap), editing ? removeWrap : null),
    fields.split.wrap, fields.rules.wrap);

  function maxClicks() {
    if (!v('maxClicks')) return null;
    if (!/^\d+$/.test(v('maxClicks'))) throw new FormProblem('maxClicks', 'a whole number of clicks');
    return Number(v('maxClicks'));
  }

  return {
    element: details,
    fields,
    /** The routing fields of a create: those given. */
    create() {
      const body = {};
      if (v('domain')) body.domain = v('domain');
      if (forward.value) body.forwardQuery = forward.value === 'true';
      ['validFrom', 'validUntil', 'expiredUrl'].forEach((n) => { if (v(n)) body[n] = v(n); });
      if (maxClicks() !== null) body.maxClicks = maxClicks();
      if (fields.password.input.value) body.password = fields.password.input.value;
      const split = parseSplit(fields.split.input.value);
      if (split) body.split = split;
      const rules = parseRules(fields.rules.input.value);
      if (rules) body.rules = rules;
      return body;
    },
    /** The routing fields of a PATCH: those that differ from the link's, null for one cleared. */
    patch(link) {
      const patch = {};
      const forwardNow = forward.value === '' ? null : forward.value === 'true';
      if (forwardNow !== (link.forwardQuery === undefined ? null : link.forwardQuery)) patch.forwardQuery = forwardNow;
      ['validFrom', 'validUntil', 'expiredUrl'].forEach((n) => {
        if (v(n) !== (link[n] || '')) patch[n] = v(n) || null;
      });
      if (maxClicks() !== (link.maxClicks || null)) patch.maxClicks = maxClicks();
      if (removePassword.checked) patch.password = null;
      else if (fields.password.input.value) patch.password = fields.password.input.value;
      const split = parseSplit(fields.split.input.value);
      if (JSON.stringify(split) !== JSON.stringify(parseSplit(splitText(link.split)))) patch.split = split;
      const rules = parseRules(fields.rules.input.value);
      if (JSON.stringify(rules) !== JSON.stringify(link.rules || null)) patch.rules = rules;
      return patch;
    },
    fill(link) {
      fields.domain.input.value = link.domain || '';
      forward.value = link.forwardQuery === undefined ? '' : String(link.forwardQuery);
      ['validFrom', 'validUntil', 'expiredUrl'].forEach((n) => { fields[n].input.value = link[n] || ''; });
      fields.maxClicks.input.value = link.maxClicks ? String(link.maxClicks) : '';
      fields.split.input.value = splitText(link.split);
      fields.rules.input.value = link.rules ? JSON.stringify(link.rules, null, 1) : '';
      removeWrap.hidden = !link.passwordProtected;
      details.open = ['domain', 'forwardQuery', 'validFrom', 'validUntil', 'maxClicks', 'split', 'rules', 'passwordProtected']
        .some((n) => link[n] !== undefined);
    },
  };
}

/** Routing as rows of a definition list: [label, value, field name]. */
export function routingRows(link) {
  const rows = [];
  if (link.maxClicks) rows.push(['Click limit', link.maxClicks + ' people\'s clicks' + (link.expiredUrl && !link.validUntil ? ', then to ' + link.expiredUrl : ''), 'maxClicks']);
  if (link.passwordProtected) rows.push(['Password', 'visitors must give one first', 'password']);
  (link.split || []).forEach((s, i) => rows.push(['Split ' + (i + 1), s.url + ' (weight ' + (s.weight || 1) + ')', 'split']));
  (link.rules || []).forEach((r, i) => rows.push(['Rule ' + (i + 1), JSON.stringify(r.when) + ' → ' + r.url, 'rules']));
  return rows;
}
