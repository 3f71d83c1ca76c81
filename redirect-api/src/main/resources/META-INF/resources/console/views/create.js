// Create a link: url, alias, TTL (the pools, with their code length and idle TTL in words), title,
// tags, device targets. The answer's short URL, a copy button and the service's QR code; a
// refusal's detail next to the field it names.
import { h, field, setFieldError, copy } from '../dom.js';
import { call, ApiProblem } from '../api.js';
import { fieldOf } from '../problems.js';
import { duration, seconds } from '../format.js';
import { targetsFieldset } from './targets.js';
import { routingFieldset, FormProblem } from './routing.js';

export function render(ctx) {
  const url = field('create-url', 'Long URL', h('input', { type: 'text', name: 'url', inputmode: 'url', autocomplete: 'off',
    spellcheck: 'false', required: true, placeholder: 'https://example.com/spring-sale', 'data-test': 'create-url' }));
  const alias = field('create-alias', 'Alias (optional)', h('input', { type: 'text', name: 'alias', autocomplete: 'off', spellcheck: 'false' }),
    '3 to 64 letters, digits, - or _; leave empty for an issued code.');
  const ttlSelect = h('select', { name: 'ttl' }, h('option', { value: '', text: 'The service\'s default' }));
  const ttl = field('create-ttl', 'How long it lives without a visit', ttlSelect);
  const otherTtl = field('create-ttl-other', 'Other duration (ISO-8601)', h('input', { type: 'text', name: 'ttl-other', autocomplete: 'off',
    placeholder: 'P45D or PT12H' }));
  otherTtl.wrap.hidden = true;
  const title = field('create-title', 'Title (optional)', h('input', { type: 'text', name: 'title', autocomplete: 'off', maxlength: '200' }));
  const tags = field('create-tags', 'Tags (optional)', h('input', { type: 'text', name: 'tags', autocomplete: 'off', spellcheck: 'false',
    placeholder: 'spring, sms' }), 'Separated by commas or spaces.');
  const targets = targetsFieldset('create-targets');
  const routing = routingFieldset('create-routing', false);
  const formError = h('p', { class: 'error', role: 'alert' });
  const submit = h('button', { type: 'submit', class: 'primary', 'data-test': 'create-submit', text: 'Create short link' });
  const form = h('form', { class: 'stack card', novalidate: true, 'aria-labelledby': 'create-title-h' },
    url.wrap, h('div', { class: 'grid2' }, alias.wrap, ttl.wrap), otherTtl.wrap, h('div', { class: 'grid2' }, title.wrap, tags.wrap),
    targets.element, routing.element, formError, h('div', { class: 'row' }, submit));
  const result = h('section', { 'aria-live': 'polite' });
  ctx.main.append(h('h1', { id: 'create-title-h', text: 'Create a short link' }), form, result);

  const fields = Object.assign({ url, alias, ttl, title, tags }, targets.fields, routing.fields);
  ttlSelect.addEventListener('change', () => { otherTtl.wrap.hidden = ttlSelect.value !== 'other'; });
  fillPools(ctx, ttlSelect, ttl);

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    Object.values(fields).forEach((f) => setFieldError(f, ''));
    setFieldError(otherTtl, '');
    formError.textContent = '';
    const body = { url: url.input.value.trim() };
    if (alias.input.value.trim()) body.alias = alias.input.value.trim();
    const chosen = ttlSelect.value === 'other' ? otherTtl.input.value.trim() : ttlSelect.value;
    if (chosen) body.ttl = chosen;
    // Title and tags are sent only when given: a service without them refuses unknown fields.
    if (title.input.value.trim()) body.title = title.input.value.trim();
    const tagList = tags.input.value.split(/[\s,]+/).map((t) => t.trim()).filter((t) => t);
    if (tagList.length) body.tags = tagList;
    const t = targets.value();
    if (t) body.targets = t;
    submit.disabled = true;
    try {
      Object.assign(body, routing.create());
      const created = await call('POST', '/api/v1/links', body);
      showResult(ctx, result, created);
      result.querySelector('[data-test=created-short-url]').focus();
      form.reset();
      otherTtl.wrap.hidden = true;
      ctx.status('Created ' + created.shortUrl);
    } catch (err) {
      showProblem(err, fields, ttlSelect.value === 'other' ? Object.assign({}, fields, { ttl: otherTtl }) : fields, formError);
    } finally {
      submit.disabled = false;
    }
  });
  url.input.focus();
}

/** A refusal's detail next to the field it names (focused), or above the button. */
export function showProblem(err, fields, shownFields, formError) {
  if (!(err instanceof ApiProblem) && !(err instanceof FormProblem)) { formError.textContent = String(err.message || err); return; }
  const name = err instanceof FormProblem ? err.field : fieldOf(err, Object.keys(fields));
  const f = name ? shownFields[name] : null;
  if (f) {
    setFieldError(f, err.message);
    const folded = f.wrap.closest('details');
    if (folded) folded.open = true;
    f.input.focus();
  } else {
    formError.textContent = (err.status === 403 ? 'Refused: ' : '') + err.message;
  }
}

async function fillPools(ctx, select, ttl) {
  const pools = await ctx.pools();
  if (pools) {
    pools.slice().sort((a, b) => seconds(a.idleTtl) - seconds(b.idleTtl)).forEach((p) => {
      const text = p.permanent
        ? 'Permanent: ' + p.length + '-character code (' + p.pool + ')'
        : 'Up to ' + duration(p.idleTtl) + ' idle: ' + p.length + '-character code (' + p.pool + ')';
      select.append(h('option', { value: p.permanent ? 'permanent' : p.idleTtl, 'data-pool': p.pool, text }));
    });
  } else {
    ttl.wrap.querySelector('.hint') || ttl.wrap.insertBefore(h('p', { class: 'hint', id: 'create-ttl-hint',
      text: 'The pools are listed for keys with the capacity:read scope; any duration can still be typed.' }), ttl.error);
  }
  select.append(h('option', { value: 'other', text: 'Other duration…' }));
}

function showResult(ctx, box, link) {
  const qr = '/' + encodeURIComponent(link.code) + '/qr';
  box.replaceChildren(h('div', { class: 'card result' },
    h('div', {},
      h('h2', { text: 'Your short link' }),
      h('p', {}, h('a', { class: 'short', href: link.shortUrl, 'data-test': 'created-short-url', text: link.shortUrl })),
      h('p', { class: 'target' }, 'to ', h('span', { class: 'mono', text: link.url })),
      h('div', { class: 'row' },
        h('button', { type: 'button', onclick: () => copy(link.shortUrl, ctx.status), text: 'Copy' }),
        h('a', { class: 'button', href: '#/links/' + encodeURIComponent(link.code), text: 'Open its page' }),
        h('a', { class: 'button', href: qr + '?format=png&size=1024', download: link.code + '.png', text: 'QR as PNG' }))),
    h('img', { class: 'qr', src: qr + '?format=svg', width: '160', height: '160', alt: 'QR code of ' + link.shortUrl, 'data-test': 'created-qr' })));
}
