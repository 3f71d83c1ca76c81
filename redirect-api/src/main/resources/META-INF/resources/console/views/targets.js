// Device targets in a form: where iOS, Android, desktop and WeChat clients go instead of the url.
import { h, field } from '../dom.js';

/** The targets fieldset for a form whose ids start with prefix; {element, fields (by problem name), value(), fill(targets)}. */
export function targetsFieldset(prefix) {
  const input = (name, placeholder) => h('input', { type: 'text', name, inputmode: 'url', autocomplete: 'off', spellcheck: 'false', placeholder });
  const fields = {
    'targets.ios': field(prefix + '-ios', 'iOS', input('targets.ios', 'https://apps.apple.com/… or myapp://item/42')),
    'targets.android': field(prefix + '-android', 'Android', input('targets.android', 'https://play.google.com/… or myapp://item/42')),
    'targets.desktop': field(prefix + '-desktop', 'Desktop', input('targets.desktop', 'https://example.com/desktop')),
    'targets.wechat.appid': field(prefix + '-wechat-appid', 'WeChat mini-program AppID', input('targets.wechat.appid', 'wx0123456789abcdef')),
    'targets.wechat.path': field(prefix + '-wechat-path', 'Mini-program page', input('targets.wechat.path', 'pages/item/index')),
    'targets.wechat.query': field(prefix + '-wechat-query', 'Page query', input('targets.wechat.query', 'id=42')),
  };
  const env = h('select', { name: 'targets.wechat.envVersion' },
    h('option', { value: '', text: 'release (default)' }), h('option', { value: 'trial', text: 'trial' }),
    h('option', { value: 'develop', text: 'develop' }));
  fields['targets.wechat.envVersion'] = field(prefix + '-wechat-env', 'Mini-program version', env);
  fields.targets = fields['targets.ios'];
  fields['targets.wechat'] = fields['targets.wechat.appid'];
  const details = h('details', { id: prefix },
    h('summary', { text: 'Device targets (optional)' }),
    h('p', { class: 'hint', text: 'Phones and desktops named here go to their own address instead of the url; bots and link previews always get the url.' }),
    h('div', { class: 'grid2' }, ['targets.ios', 'targets.android', 'targets.desktop', 'targets.wechat.appid', 'targets.wechat.path',
      'targets.wechat.query', 'targets.wechat.envVersion'].map((n) => fields[n].wrap)));
  const text = (n) => fields[n].input.value.trim();

  return {
    element: details,
    fields,
    /** The targets object for the API, or null when every field is empty. */
    value() {
      const t = {};
      if (text('targets.ios')) t.ios = text('targets.ios');
      if (text('targets.android')) t.android = text('targets.android');
      if (text('targets.desktop')) t.desktop = text('targets.desktop');
      if (text('targets.wechat.appid') || text('targets.wechat.path') || text('targets.wechat.query')) {
        t.wechat = { appid: text('targets.wechat.appid') };
        if (text('targets.wechat.path')) t.wechat.path = text('targets.wechat.path');
        if (text('targets.wechat.query')) t.wechat.query = text('targets.wechat.query');
        if (env.value) t.wechat.envVersion = env.value;
      }
      return Object.keys(t).length ? t : null;
    },
    fill(targets) {
      const t = targets || {};
      const w = t.wechat || {};
      fields['targets.ios'].input.value = t.ios || '';
      fields['targets.android'].input.value = t.android || '';
      fields['targets.desktop'].input.value = t.desktop || '';
      fields['targets.wechat.appid'].input.value = w.appid || '';
      fields['targets.wechat.path'].input.value = w.path || '';
      fields['targets.wechat.query'].input.value = w.query || '';
      env.value = w.envVersion || '';
      details.open = Object.keys(t).length > 0;
    },
  };
}

/** Targets as rows of a definition list: [label, value]. */
export function targetRows(targets) {
  if (!targets) return [];
  const rows = [];
  if (targets.ios) rows.push(['iOS', targets.ios]);
  if (targets.android) rows.push(['Android', targets.android]);
  if (targets.desktop) rows.push(['Desktop', targets.desktop]);
  if (targets.wechat) {
    const w = targets.wechat;
    rows.push(['WeChat', w.appid + (w.path ? ' ' + w.path : '') + (w.query ? '?' + w.query : '') + (w.envVersion ? ' (' + w.envVersion + ')' : '')]);
  }
  return rows;
}
