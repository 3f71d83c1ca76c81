// Which form field a problem is about, so that its detail is shown next to that field.

const BY_KIND = {
  'invalid-url': 'url', 'denied-url': 'url',
  'invalid-ttl': 'ttl',
  'invalid-alias': 'alias', 'reserved-alias': 'alias', 'alias-taken': 'alias',
  'invalid-title': 'title', 'invalid-tags': 'tags', 'invalid-tag': 'tags', 'external-id-taken': 'externalId',
  'invalid-key-name': 'name', 'invalid-scopes': 'scopes', 'invalid-expiry': 'expiresAt',
  'invalid-rule': 'value', 'configured-rule': 'value',
  'invalid-domain': 'domain',
};

/** Routing fields: their problems start with the field's name (validUntil, split[1].url, rules[0].when.device[0], expiredUrl: …). */
const ROUTING = ['validFrom', 'validUntil', 'expiredUrl', 'maxClicks', 'password', 'split', 'rules', 'forwardQuery'];

/**
 * The name of the field a problem names, or null for the form as a whole. Device targets name
 * their part in the detail (targets.ios, targets.wechat.appid); limits name theirs
 * (requestsPerMinute, linksPerDay); an unknown field is named in quotes.
 */
export function fieldOf(problem, names) {
  const detail = problem.body && problem.body.detail ? problem.body.detail : '';
  if (problem.kind === 'invalid-targets') {
    const m = /targets\.([a-z]+(?:\.[a-zA-Z]+)?)/.exec(detail);
    const name = m ? 'targets.' + m[1] : 'targets';
    if (names.includes(name)) return name;
    const part = name.split('.').slice(0, 2).join('.');
    return names.includes(part) ? part : (names.includes('targets') ? 'targets' : null);
  }
  if (problem.kind === 'invalid-limit') {
    const named = names.find((n) => detail.includes(n));
    if (named) return named;
  }
  const lead = /^([A-Za-z]+)/.exec(detail);
  if (lead && ROUTING.includes(lead[1]) && names.includes(lead[1])) return lead[1];
  const known = BY_KIND[problem.kind];
  if (known && names.includes(known)) return known;
  const quoted = /field '([A-Za-z.]+)'/.exec(detail);
  if (quoted && names.includes(quoted[1])) return quoted[1];
  return null;
}
