// Building the DOM: values always become text nodes or attribute values, never markup.

/**
 * h('tag', {attr: value, onclick: fn, text: 'text'}, child, ...): children are nodes or strings
 * (strings become text nodes); null, undefined and false children are left out.
 */
export function h(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'text') e.textContent = String(v);
    else if (k.startsWith('on') && typeof v === 'function') e.addEventListener(k.substring(2), v);
    else if (v === true) e.setAttribute(k, '');
    else e.setAttribute(k, String(v));
  }
  append(e, children);
  return e;
}

const draws = new WeakMap();

/**
 * Starts a draw of box and returns a test that stays true while it is the newest draw of that box. A list drawn on
 * opening a page and drawn again after a change can get its answers back in either order; the older one must not
 * replace what the newer one drew.
 */
export function newestDraw(box) {
  const turn = (draws.get(box) || 0) + 1;
  draws.set(box, turn);
  return () => draws.get(box) === turn;
}

function append(parent, children) {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(parent, c);
    else parent.appendChild(typeof c === 'string' || typeof c === 'number' ? document.createTextNode(String(c)) : c);
  }
}

/** A labelled input with its error line: {wrap, input, error}. The error is tied to the input for screen readers. */
export function field(id, label, input, hint) {
  input.id = id;
  const error = h('p', { class: 'field-error', id: id + '-error', 'data-error-for': input.name || id });
  const hintEl = hint ? h('p', { class: 'hint', id: id + '-hint', text: hint }) : null;
  input.setAttribute('aria-describedby', (hintEl ? id + '-hint ' : '') + id + '-error');
  const wrap = h('div', { class: 'field' }, h('label', { for: id, text: label }), input, hintEl, error);
  return { wrap, input, error };
}

/** Shows a problem's text under a field and marks the field invalid; '' clears it. */
export function setFieldError(f, message) {
  f.error.textContent = message || '';
  if (message) f.input.setAttribute('aria-invalid', 'true'); else f.input.removeAttribute('aria-invalid');
}

/** A table of rows: columns [{label, num}], rows of cells (strings or nodes, or {text, value, field}). */
export function table(caption, columns, rows, attrs) {
  return h('div', { class: 'scroll' }, h('table', attrs || {},
    caption ? h('caption', { text: caption }) : null,
    h('thead', {}, h('tr', {}, columns.map((c) => h('th', { scope: 'col', class: c.num ? 'num' : null, text: c.label })))),
    h('tbody', {}, rows.map((r) => h('tr', r.attrs || {}, r.cells.map((cell, i) => cellOf(cell, columns[i])))))));
}

function cellOf(cell, column) {
  const cls = column && column.num ? 'num' : (column && column.wrap ? 'wrap' : null);
  if (cell && typeof cell === 'object' && !(cell instanceof Node)) {
    return h('td', { class: cls, 'data-field': cell.field, 'data-value': cell.value === undefined ? undefined : String(cell.value) },
      cell.node || cell.text);
  }
  return h('td', { class: cls }, cell);
}

/** Copies text to the clipboard, saying so in the status line. */
export async function copy(text, status) {
  try {
    await navigator.clipboard.writeText(text);
    status('Copied ' + text);
  } catch (e) {
    status('Copying was refused by the browser: select the text and copy it yourself');
  }
}

/** A confirmation dialog; resolves true when the person confirms. Esc or Cancel resolve false. */
export function confirmDialog(title, text, confirmLabel) {
  return new Promise((resolve) => {
    const no = h('button', { type: 'button', text: 'Cancel' });
    const yes = h('button', { type: 'button', class: 'danger primary', 'data-test': 'confirm', text: confirmLabel });
    const dialog = h('dialog', { 'aria-labelledby': 'confirm-title' },
      h('h2', { id: 'confirm-title', text: title }), h('p', { text: text }), h('div', { class: 'row' }, yes, no));
    const done = (answer) => { dialog.close(); dialog.remove(); resolve(answer); };
    no.addEventListener('click', () => done(false));
    yes.addEventListener('click', () => done(true));
    dialog.addEventListener('cancel', (e) => { e.preventDefault(); done(false); });
    document.body.appendChild(dialog);
    dialog.showModal();
    no.focus();
  });
}
