// The capacity dashboard: reads GET /api/v1/capacity every 30 s and asks POST /api/v1/capacity/plan
// whenever a planner input changes. Plain JS, no build step; charts by uPlot (x values in Unix seconds).
(function () {
  'use strict';

  // The console's key too: one sign-in per tab serves both pages.
  const KEY_STORAGE = 'shortcode.key';
  const REFRESH_MS = 30000;
  const PLAN_DELAY_MS = 250;
  const DAY = 86400;
  const COLORS = ['#0969da', '#8250df', '#1a7f37', '#bf3989', '#9a6700', '#cf222e'];

  const state = { report: null, loadedAt: 0, timer: null, planTimer: null, planSeq: 0, charts: {}, plannerFilled: false };
  window.dashboard = state; // for people poking at it in the console, and for the browser test

  const $ = (id) => document.getElementById(id);

  // ------------------------------------------------------------ numbers for people

  const LARGE = ['thousand', 'million', 'billion', 'trillion', 'quadrillion', 'quintillion'];

  function count(n) {
    if (n === null || n === undefined) return '—';
    if (Math.abs(n) < 10000) return Math.round(n).toLocaleString('en-US');
    let unit = -1;
    let v = n;
    while (Math.abs(v) >= 1000 && unit < LARGE.length - 1) { v /= 1000; unit++; }
    return (Math.abs(v) < 10 ? v.toFixed(1) : Math.round(v)) + ' ' + LARGE[unit];
  }

  function bytes(b) {
    if (b === null || b === undefined) return '—';
    const units = ['B', 'kB', 'MB', 'GB', 'TB', 'PB', 'EB'];
    let u = 0;
    let v = b;
    while (Math.abs(v) >= 1000 && u < units.length - 1) { v /= 1000; u++; }
    return (u === 0 ? Math.round(v) : (Math.abs(v) < 10 ? v.toFixed(1) : Math.round(v))) + ' ' + units[u];
  }

  function days(d) {
    if (d === null || d === undefined) return 'never';
    if (d < 1 / 24) { const m = Math.round(d * 1440); return m + (m === 1 ? ' minute' : ' minutes'); }
    if (d < 1) { const h = Math.round(d * 24); return h + (h === 1 ? ' hour' : ' hours'); }
    if (d < 10) return d.toFixed(1) + ' days';
    if (d < 365.25) return Math.round(d) + ' days';
    const y = d / 365.25;
    if (y < 10) return y.toFixed(1) + ' years';
    if (y < 10000) return Math.round(y) + ' years';
    return count(y) + ' years';
  }

  function percent(f) {
    if (f === null || f === undefined) return '—';
    const p = f * 100;
    if (p === 0) return '0 %';
    if (p < 0.01) return '< 0.01 %';
    if (p < 1) return p.toFixed(2) + ' %';
    if (p < 10) return p.toFixed(1) + ' %';
    return Math.round(p) + ' %';
  }

  function perDay(r) { return r === null || r === undefined ? '—' : count(r) + ' / day'; }

  function date(iso) { return iso ? iso.substring(0, 10) : '—'; }

  function ttl(iso) { const m = /^P(\d+)D$/.exec(iso || ''); return m ? m[1] + ' days' : iso; }

  // ------------------------------------------------------------ building the DOM

  function el(tag, attrs, children) {
    const e = document.createElement(tag);
    Object.entries(attrs || {}).forEach(([k, v]) => {
      if (v === undefined) return;
      if (k === 'text') e.textContent = v; else e.setAttribute(k, v);
    });
    (children || []).forEach((c) => e.appendChild(c));
    return e;
  }

  /** The filled part of a bar; its width set through the style object, which the page's CSP allows (a style attribute it does not). */
  function fill(widthPercent) {
    const e = el('span');
    e.style.width = widthPercent + '%';
    return e;
  }

  /** A figure of a card: the formatted text, and the raw JSON value in data-value. */
  function field(dl, name, label, value, text) {
    dl.appendChild(el('dt', { text: label }));
    dl.appendChild(el('dd', { 'data-field': name, 'data-value': value === null || value === undefined ? 'null' : String(value), text: text }));
  }

  // ------------------------------------------------------------ API

  async function api(method, path, body) {
    const key = sessionStorage.getItem(KEY_STORAGE);
    const response = await fetch(path, {
      method: method,
      headers: Object.assign({ 'X-API-Key': key || '', Accept: 'application/json' }, body ? { 'Content-Type': 'application/json' } : {}),
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = await response.json().catch(() => null);
    if (!response.ok) {
      const error = new Error(json && json.detail ? json.detail : 'HTTP ' + response.status);
      error.status = response.status;
      throw error;
    }
    return json;
  }

  // ------------------------------------------------------------ login

  function showLogin(message) {
    $('login').hidden = false;
    $('content').hidden = true;
    $('refresh').disabled = true;
    $('forget').disabled = true;
    $('key-error').textContent = message || '';
    $('status').textContent = 'API key needed';
    $('api-key').focus();
  }

  $('key-form').addEventListener('submit', (e) => {
    e.preventDefault();
    sessionStorage.setItem(KEY_STORAGE, $('api-key').value.trim());
    $('api-key').value = '';
    load();
  });

  $('forget').addEventListener('click', () => {
    sessionStorage.removeItem(KEY_STORAGE);
    clearInterval(state.timer);
    state.timer = null;
    showLogin('');
  });

  $('refresh').addEventListener('click', () => load());

  // ------------------------------------------------------------ report

  async function load() {
    if (!sessionStorage.getItem(KEY_STORAGE)) { showLogin(''); return; }
    let report;
    try {
      report = await api('GET', '/api/v1/capacity');
    } catch (e) {
      if (e.status === 401 || e.status === 403) {
        sessionStorage.removeItem(KEY_STORAGE);
        showLogin(e.message);
      } else {
        $('status').textContent = 'could not load: ' + e.message;
      }
      return;
    }
    state.report = report;
    state.loadedAt = Date.now();
    $('login').hidden = true;
    $('content').hidden = false;
    $('refresh').disabled = false;
    $('forget').disabled = false;
    render(report);
    if (!state.timer) state.timer = setInterval(load, REFRESH_MS);
  }

  function render(r) {
    document.body.setAttribute('data-measured-at', r.measuredAt);
    renderPools(r);
    renderStorage(r);
    renderNodes(r);
    renderCharts(r);
    if (!state.plannerFilled) { fillPlanner(r); state.plannerFilled = true; schedulePlan(0); }
    tick();
  }

  function tick() {
    if (!state.report) return;
    const age = Math.max(0, Math.round((Date.now() - Date.parse(state.report.measuredAt)) / 1000));
    $('status').textContent = state.report.storage + ' · updated ' + age + ' s ago · '
      + state.report.sampling.commands + ' store commands in ' + state.report.sampling.tookMillis + ' ms';
  }
  setInterval(tick, 1000);

  function renderPools(r) {
    const box = $('pools');
    box.replaceChildren();
    r.pools.forEach((p) => {
      const dl = el('dl');
      field(dl, 'length', 'length', p.length, p.length + ' characters');
      field(dl, 'capacity', 'capacity', p.capacity, count(p.capacity));
      field(dl, 'idleTtl', 'idle TTL', p.idleTtl, ttl(p.idleTtl) + (p.permanent ? ', permanent' : ''));
      field(dl, 'epoch', 'epoch', p.epoch, String(p.epoch));
      field(dl, 'leasedThisEpoch', 'leased this epoch', p.leasedThisEpoch, count(p.leasedThisEpoch) + ' (' + percent(p.usedFraction) + ')');
      field(dl, 'issuedToday', 'issued today', p.issuedToday, count(p.issuedToday));
      field(dl, 'rate', 'rate, 7-day mean', p.rates.mean7d, perDay(p.rates.mean7d));
      field(dl, 'rateLast24h', 'last 24 h', p.rates.last24h, perDay(p.rates.last24h));
      field(dl, 'daysToWrap', 'wraps in', p.daysToWrap, days(p.daysToWrap));
      field(dl, 'liveLinks', 'live links', p.live.count, count(p.live.count) + (p.live.error ? ' ± ' + count(p.live.error) : ''));
      field(dl, 'liveFraction', 'live fraction', p.liveFraction, percent(p.liveFraction));
      field(dl, 'liveFractionAtWrap', 'live at wrap', p.liveFractionAtWrap, percent(p.liveFractionAtWrap));
      field(dl, 'bytesPerLink', 'bytes per link', p.bytesPerLink, bytes(p.bytesPerLink));
      const bar = el('div', { class: 'bar', title: percent(p.usedFraction) + ' of the pool leased this epoch' },
        [fill(Math.min(100, p.usedFraction * 100))]);
      const card = el('article', { class: 'card pool ' + p.verdict.level, 'data-pool': p.pool }, [
        el('h3', { text: p.pool }), bar, dl,
        el('p', { class: 'verdict ' + p.verdict.level, 'data-field': 'verdict', 'data-value': p.verdict.level, text: p.verdict.reason }),
        el('p', { class: 'hint', text: p.live.method }),
      ]);
      box.appendChild(card);
    });
  }

  function renderStorage(r) {
    const box = $('storage');
    box.replaceChildren();
    if (r.hotStore) {
      const h = r.hotStore;
      const dl = el('dl');
      field(dl, 'usedBytes', 'used', h.usedBytes, bytes(h.usedBytes));
      field(dl, 'maxBytes', h.kind === 'redis' ? 'maxmemory' : 'limit (disk)', h.maxBytes, h.maxBytes ? bytes(h.maxBytes) : 'none');
      field(dl, 'steadyBytes', 'once full', h.steadyBytes, bytes(h.steadyBytes));
      field(dl, 'growthPerDay', 'growth', h.growthPerDay, bytes(h.growthPerDay) + ' / day');
      field(dl, 'daysToFull', 'full in', h.daysToFull, days(h.daysToFull));
      field(dl, 'keys', 'keys', h.keys, count(h.keys));
      box.appendChild(el('article', { class: 'card store ' + h.verdict.level, 'data-store': 'hot' }, [
        el('h3', { text: h.kind === 'redis' ? 'Redis' : 'Hot store (RocksDB)' }), dl,
        el('p', { class: 'verdict ' + h.verdict.level, text: h.verdict.reason }), el('p', { class: 'hint', text: h.method })]));
    }
    if (r.archive) {
      const a = r.archive;
      const dl = el('dl');
      field(dl, 'bytes', 'size', a.bytes, bytes(a.bytes));
      field(dl, 'growthPerDay', 'growth', a.growthPerDay, a.growthPerDay === null ? '—' : bytes(a.growthPerDay) + ' / day');
      field(dl, 'bytesIn1Year', 'in a year', a.bytesIn1Year, bytes(a.bytesIn1Year));
      field(dl, 'budgetBytes', 'budget', a.budgetBytes, a.budgetBytes ? bytes(a.budgetBytes) : 'none');
      field(dl, 'daysToBudget', 'budget reached in', a.daysToBudget, days(a.daysToBudget));
      box.appendChild(el('article', { class: 'card store ' + a.verdict.level, 'data-store': 'archive' }, [
        el('h3', { text: a.kind === 'hbase' ? 'Archive (HBase)' : 'Archive (RocksDB)' }), dl,
        el('p', { class: 'verdict ' + a.verdict.level, text: a.verdict.reason }), el('p', { class: 'hint', text: a.method })]));
    }
  }

  function renderNodes(r) {
    const body = $('nodes').tBodies[0];
    body.replaceChildren();
    r.nodes.forEach((n) => n.allocators.forEach((a) => {
      const cells = [n.node, a.pool, count(a.codesIssued), count(a.blocksLeased),
        a.leasesPerHour === null ? '—' : a.leasesPerHour.toFixed(1), count(a.blockSize), count(a.bufferedIds), count(a.idsWasted),
        count(a.stalls), count(a.leaseFailures), String(a.epoch)];
      body.appendChild(el('tr', { 'data-pool': a.pool }, cells.map((c) => el('td', { text: c }))));
    }));
  }

  // ------------------------------------------------------------ charts

  function chart(name, target, opts, data) {
    const width = Math.max(240, $(target).clientWidth - 4);
    opts.width = width;
    opts.height = 220;
    if (state.charts[name]) state.charts[name].destroy();
    state.charts[name] = new uPlot(opts, data, $(target));
  }

  function renderCharts(r) {
    const now = Math.floor(Date.parse(r.measuredAt) / 1000);
    const today = now - (now % DAY);
    const xs = [];
    for (let i = 89; i >= 0; i--) xs.push(today - i * DAY);
    const issued = [xs].concat(r.pools.map((p) => {
      const byDay = new Map(p.issuedPerDay.map((d) => [Date.parse(d.day + 'T00:00:00Z') / 1000, d.count]));
      return xs.map((x) => byDay.get(x) || 0);
    }));
    chart('issued', 'issued-chart', {
      series: [{}].concat(r.pools.map((p, i) => ({ label: p.pool, stroke: COLORS[i % COLORS.length], width: 2, value: (u, v) => count(v) }))),
      axes: [{}, { values: (u, vals) => vals.map(count), size: 70 }],
      scales: { x: { time: true } },
    }, issued);

    // Used share now, and where the forecast rate takes it: a straight line to 100 % at the wrap
    // (cut at ten years, where most healthy pools are still near 0 %).
    const horizon = Math.max(30, Math.min(3650, Math.max(...r.pools.map((p) => p.daysToWrap === null ? 0 : p.daysToWrap))));
    const wxs = [now];
    for (let i = 1; i <= 60; i++) wxs.push(now + Math.round(horizon * DAY * i / 60));
    const wrap = [wxs].concat(r.pools.map((p) => wxs.map((x) => {
      const perSecond = p.rates.mean7d / DAY / p.capacity;
      return Math.min(1, p.usedFraction + perSecond * (x - now)) * 100;
    })));
    chart('wrap', 'wrap-chart', {
      series: [{}].concat(r.pools.map((p, i) => ({ label: p.pool, stroke: COLORS[i % COLORS.length], width: 2, value: (u, v) => v === null ? '—' : percent(v / 100) }))),
      axes: [{}, { values: (u, vals) => vals.map((v) => v + ' %'), size: 60 }],
      scales: { x: { time: true }, y: { range: [0, 100] } },
    }, wrap);
    $('wrap-note').textContent = r.pools.map((p) => p.pool + ': ' + (p.wrapsAt ? 'wraps on ' + date(p.wrapsAt) : 'wraps ' + days(p.daysToWrap))).join(' · ');

    const sxs = [];
    for (let i = 0; i <= 52; i++) sxs.push(now + i * 7 * DAY);
    const hot = r.hotStore;
    const arc = r.archive;
    const series = [{}];
    const data = [sxs];
    if (hot) {
      series.push({ label: hot.kind === 'redis' ? 'Redis' : 'hot store', stroke: COLORS[0], width: 2, scale: 'bytes', value: (u, v) => bytes(v) });
      data.push(sxs.map((x) => Math.min(hot.steadyBytes, hot.usedBytes + hot.growthPerDay * (x - now) / DAY)));
    }
    if (arc) {
      series.push({ label: 'archive', stroke: COLORS[1], width: 2, scale: 'bytes', value: (u, v) => bytes(v) });
      data.push(sxs.map((x) => arc.bytes + (arc.growthPerDay || 0) * (x - now) / DAY));
    }
    chart('storage', 'storage-chart', {
      series: series,
      axes: [{}, { scale: 'bytes', values: (u, vals) => vals.map(bytes), size: 70 }],
      scales: { x: { time: true }, bytes: { auto: true } },
    }, data);
  }

  window.addEventListener('resize', () => { if (state.report) renderCharts(state.report); });

  // ------------------------------------------------------------ planner

  function fillPlanner(r) {
    const volume = r.pools.reduce((s, p) => s + Math.max(p.rates.mean7d, p.rates.last24h), 0);
    $('plan-volume').value = String(Math.max(1, Math.round(volume)));
    const rated = r.pools.filter((p) => !p.permanent);
    const total = rated.reduce((s, p) => s + p.rates.mean7d, 0);
    $('plan-mix').value = rated.map((p) => p.idleTtl + ':' + (total > 0 ? Math.round(p.rates.mean7d / total * 100) : 1)).join(', ');
    const all = r.pools.reduce((s, p) => s + p.rates.mean7d, 0);
    const permanent = r.pools.filter((p) => p.permanent).reduce((s, p) => s + p.rates.mean7d, 0);
    $('plan-permanent').value = all > 0 ? String(Math.round(permanent / all * 100)) : '0';
  }

  function planRequest() {
    const mix = $('plan-mix').value.split(',').map((s) => s.trim()).filter((s) => s).map((s) => {
      const [t, share] = s.split(':').map((x) => x.trim());
      return { ttl: t, share: share === undefined ? 1 : Number(share) };
    });
    return {
      dailyVolume: Number($('plan-volume').value),
      growthPerMonth: Number($('plan-growth').value || 0) / 100,
      ttlMix: mix,
      permanentShare: Number($('plan-permanent').value || 0) / 100,
      lengths: [5, 6, 7, 8],
      urlLength: Number($('plan-url').value || 60),
    };
  }

  function schedulePlan(delay) {
    clearTimeout(state.planTimer);
    state.planTimer = setTimeout(plan, delay);
  }

  async function plan() {
    const request = planRequest();
    const seq = ++state.planSeq;
    let result;
    try {
      result = await api('POST', '/api/v1/capacity/plan', request);
    } catch (e) {
      if (seq === state.planSeq) $('plan-error').textContent = e.message;
      return;
    }
    if (seq !== state.planSeq) return; // an older answer arriving late
    $('plan-error').textContent = '';
    $('plan-recommendation').textContent = result.recommendation;
    const body = $('plan-results').tBodies[0];
    body.replaceChildren();
    result.options.forEach((o) => {
      const cells = [
        ['length', o.length, o.length + ' chars'], ['capacity', o.capacity, count(o.capacity)],
        ['daysToWrap', o.daysToWrap, days(o.daysToWrap)], ['wrapsAt', o.wrapsAt, date(o.wrapsAt)],
        ['liveFractionAtWrap', o.liveFractionAtWrap, percent(o.liveFractionAtWrap)],
        ['attemptsPerCreate', o.attemptsPerCreate, o.attemptsPerCreate === null ? 'no free code' : o.attemptsPerCreate.toFixed(3)],
        ['redisBytes', o.redisBytes, bytes(o.redisBytes)], ['redisBytesIn1Year', o.redisBytesIn1Year, bytes(o.redisBytesIn1Year)],
        ['archiveBytesPerYear', o.archiveBytesPerYear, bytes(o.archiveBytesPerYear)], ['verdict', o.verdict.level, o.verdict.reason],
      ];
      const row = el('tr', { 'data-length': String(o.length), class: o.length === result.recommendedLength ? 'recommended ' + o.verdict.level : o.verdict.level },
        cells.map(([name, value, text]) => el('td', { 'data-field': name, 'data-value': value === null ? 'null' : String(value), text: text })));
      body.appendChild(row);
    });
    $('plan-results').setAttribute('data-request', JSON.stringify(request));
  }

  $('plan-form').addEventListener('input', () => schedulePlan(PLAN_DELAY_MS));
  $('plan-form').addEventListener('submit', (e) => { e.preventDefault(); schedulePlan(0); });

  load();
})();
