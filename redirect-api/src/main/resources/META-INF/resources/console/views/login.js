// Sign-in: an API key, kept in this tab's sessionStorage only (never in a URL or a cookie).
import { h, field, setFieldError } from '../dom.js';

export function render(ctx, message) {
  const key = field('login-key', 'API key', h('input', { type: 'password', name: 'key', autocomplete: 'off', required: true,
    spellcheck: 'false', 'data-test': 'login-key' }),
  'The key stays in this tab only, until you forget it or close the tab. After the service\'s first start the admin key is in data/admin.key.');
  const submit = h('button', { type: 'submit', class: 'primary', 'data-test': 'login-submit', text: 'Sign in' });
  const form = h('form', { class: 'stack card', novalidate: true }, key.wrap, h('div', { class: 'row' }, submit));
  if (message) setFieldError(key, message);
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const value = key.input.value.trim();
    if (!value) { setFieldError(key, 'Paste an API key'); key.input.focus(); return; }
    submit.disabled = true;
    try {
      await ctx.signIn(value);
    } catch (err) {
      setFieldError(key, err.message);
      key.input.focus();
    } finally {
      submit.disabled = false;
    }
  });
  ctx.main.append(h('h1', { text: 'Sign in to the console' }), form);
  key.input.focus();
}
