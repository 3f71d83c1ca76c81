// The public JSON API, as any client calls it: the key in X-API-Key, problems as application/problem+json.

const KEY = 'shortcode.key';

/** A refusal: the problem's fields (type, title, status, detail) and its short name (invalid-alias). */
export class ApiProblem extends Error {
  constructor(status, body) {
    super(body && body.detail ? body.detail : 'the service answered ' + status);
    this.status = status;
    this.body = body || {};
    this.name = 'ApiProblem';
    const type = this.body.type || '';
    this.kind = type.substring(type.lastIndexOf('/') + 1);
  }
}

export const session = {
  key() { return sessionStorage.getItem(KEY); },
  remember(key) { sessionStorage.setItem(KEY, key); },
  forget() { sessionStorage.removeItem(KEY); },
};

/** A path with its query: undefined, null and '' values are left out; arrays repeat the parameter. */
export function withQuery(path, query) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query || {})) {
    if (Array.isArray(v)) v.forEach((x) => params.append(k, x));
    else if (v !== undefined && v !== null && v !== '') params.append(k, String(v));
  }
  const q = params.toString();
  return q ? path + '?' + q : path;
}

/** Calls the API; resolves the JSON answer (null for 204), rejects with an ApiProblem. */
export async function call(method, path, body) {
  const response = await send(method, path, body, 'application/json');
  if (response.status === 204) return null;
  return response.json();
}

/** Calls the API and resolves the raw Response of a success (for downloads). */
export async function send(method, path, body, accept) {
  const headers = { 'X-API-Key': session.key() || '', Accept: accept || 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), cache: 'no-store' });
  } catch (e) {
    throw new ApiProblem(0, { detail: 'the service could not be reached: ' + e.message });
  }
  if (!response.ok) {
    const problem = await response.json().catch(() => null);
    throw new ApiProblem(response.status, problem);
  }
  return response;
}
