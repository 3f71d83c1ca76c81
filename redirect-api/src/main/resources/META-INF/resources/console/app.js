// The console's shell: sign-in state, navigation and the routes (#/create, #/find, #/links/<code>,
// #/admin/keys, #/admin/denylist, #/admin/reports). Every view draws into <main> from the JSON API.
import { call, session, ApiProblem } from './api.js';
import * as login from './views/login.js';
import * as create from './views/create.js';
import * as find from './views/find.js';
import * as link from './views/link.js';
import * as keys from './views/keys.js';
import * as denylist from './views/denylist.js';
import * as reports from './views/reports.js';

const $ = (id) => document.getElementById(id);

const ROUTES = [
  { pattern: /^#\/create$/, view: create, nav: '#/create' },
  { pattern: /^#\/find$/, view: find, nav: '#/find' },
  { pattern: /^#\/links\/([A-Za-z0-9_-]+)$/, view: link, nav: null },
  { pattern: /^#\/admin\/keys$/, view: keys, nav: '#/admin/keys', admin: true },
  { pattern: /^#\/admin\/denylist$/, view: denylist, nav: '#/admin/denylist', admin: true },
  { pattern: /^#\/admin\/reports$/, view: reports, nav: '#/admin/reports', admin: true },
];

/** What the views share: the state of the sign-in and a few services of the shell. */
const state = {
  admin: false,
  scopes: [], // the key's scopes, from GET /api/v1/me: the console offers only what the key may do
  charts: {}, // the current view's charts by name, for people poking at the page and for the browser test
  leave: [],
  poolsAnswer: null,
};
window.consoleState = state;

const ctx = {
  get admin() { return state.admin; },
  main: $('main'),
  charts: state.charts,
  status(text) { $('status').textContent = text || ''; },
  navigate(hash) { if (location.hash === hash) route(); else location.hash = hash; },
  onLeave(fn) { state.leave.push(fn); },
  /** The pools and their code length and idle TTL, from the capacity report; null when this key may not read it. */
  pools() {
    if (!state.admin && !state.scopes.includes('capacity:read')) return Promise.resolve(null); // not asked: it would be refused
    if (!state.poolsAnswer) {
      state.poolsAnswer = call('GET', '/api/v1/capacity').then((r) => r.pools, () => { state.poolsAnswer = null; return null; });
    }
    return state.poolsAnswer;
  },
  /** Keeps the key when the service knows it; says whether it is an admin's. */
  async signIn(key) {
    session.remember(key);
    try {
      await probe();
    } catch (e) {
      session.forget();
      throw e;
    }
    showShell();
    const wanted = location.hash;
    if (!ROUTES.some((r) => r.pattern.test(wanted))) location.hash = '#/create'; else route();
  },
  /** The key was refused (revoked, expired): back to the sign-in. */
  signedOut(message) {
    session.forget();
    state.admin = false;
    state.scopes = [];
    hideShell();
    show(login, message);
  },
};

/** Whether the key is known, and whether it is an admin's: GET /api/v1/me answers any valid key with its scopes, 401 to no one known. */
async function probe() {
  try {
    const me = await call('GET', '/api/v1/me');
    state.scopes = Array.isArray(me.scopes) ? me.scopes : [];
    state.admin = state.scopes.includes('admin');
  } catch (e) {
    if (e instanceof ApiProblem && e.status === 401) throw new ApiProblem(401, { detail: 'the service does not know this key, or it was revoked or has expired' });
    throw e;
  }
}

function showShell() {
  $('nav').hidden = false;
  $('who').hidden = false;
  $('who-label').textContent = state.admin ? 'signed in with an admin key' : 'signed in';
  document.querySelectorAll('[data-admin]').forEach((e) => { e.hidden = !state.admin; });
}

function hideShell() {
  $('nav').hidden = true;
  $('who').hidden = true;
}

$('forget').addEventListener('click', () => {
  session.forget();
  state.poolsAnswer = null;
  ctx.status('The key is forgotten: this tab holds no key any more.');
  ctx.signedOut('');
});

function leaveView() {
  state.leave.splice(0).forEach((fn) => { try { fn(); } catch (e) { /* a view's cleanup must not stop the next view */ } });
  Object.keys(state.charts).forEach((k) => delete state.charts[k]);
}

function show(view, arg) {
  leaveView();
  ctx.main.replaceChildren();
  view.render(ctx, arg);
}

function route() {
  const hash = location.hash;
  if (hash && !hash.startsWith('#/')) return; // an in-page anchor (the skip link), not a route
  if (!session.key()) { show(login, ''); return; }
  const r = ROUTES.find((x) => x.pattern.test(hash)) || ROUTES[0];
  document.querySelectorAll('#nav a').forEach((a) => {
    if (a.getAttribute('href') === r.nav) a.setAttribute('aria-current', 'page'); else a.removeAttribute('aria-current');
  });
  ctx.status('');
  if (r.admin && !state.admin) {
    show({ render: (c) => c.main.append(deniedPage()) });
    return;
  }
  const m = r.pattern.exec(hash);
  show(r.view, m && m[1]);
  ctx.main.focus({ preventScroll: true });
}

function deniedPage() {
  const p = document.createElement('p');
  p.textContent = 'This page is for admin keys; the key in this tab is not one.';
  return p;
}

window.addEventListener('hashchange', route);
window.addEventListener('unhandledrejection', (e) => {
  if (e.reason instanceof ApiProblem && e.reason.status === 401) { e.preventDefault(); ctx.signedOut(e.reason.message); }
});

async function start() {
  if (!session.key()) { hideShell(); show(login, ''); return; }
  try {
    await probe();
  } catch (e) {
    ctx.signedOut(e.message);
    return;
  }
  showShell();
  if (!ROUTES.some((r) => r.pattern.test(location.hash))) location.hash = '#/create'; else route();
}

start();
