import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import type { Db } from '../../server/db/client.ts';
import type { TestApp } from '../harness.ts';
import { type Breakage, type Carrier, type Schema, HOSTILE_TEXTS, applyBreakage, breakOne, conforms, valueOf } from './schema-values.ts';

/** A call of the app as the fuzzer found it: the route table, with the OpenAPI document's schemas where it has them. */
export type FuzzRoute = {
  method: string;
  /** Fastify's pattern: /api/admin/orders/:id */
  url: string;
  body?: { schema: Schema; type: 'json' | 'form' };
  query?: Schema;
  params?: Schema;
};

type Operation = {
  parameters?: { in: string; name: string; required?: boolean; schema: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};

/** 'METHOD /path' of every route, read from Fastify's route tree (lines indented by depth, each the part below its parent). */
function routeTable(app: TestApp['app']): { method: string; url: string }[] {
  const found: { method: string; url: string }[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│\s]*)[├└]── (\S+)(?: \(([^)]+)\))?/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    stack.push(match[2] ?? '');
    if (!match[3]) continue;
    const url = stack.join('');
    for (const method of match[3].split(', ')) if (method !== 'HEAD' && method !== 'OPTIONS') found.push({ method, url });
  }
  return found;
}

/** Object schemas of the query string and the path, made of an operation's parameters. */
function parametersSchema(operation: Operation, where: 'query' | 'path'): Schema | undefined {
  const parameters = (operation.parameters ?? []).filter((p) => p.in === where);
  if (!parameters.length) return undefined;
  return {
    type: 'object',
    properties: Object.fromEntries(parameters.map((p) => [p.name, p.schema])),
    required: parameters.filter((p) => p.required).map((p) => p.name),
  };
}

/**
 * Every route the app serves, but the API's own documentation pages: new calls are fuzzed the
 * moment they are registered, with no list to keep up.
 */
export function discoverRoutes(app: TestApp['app']): FuzzRoute[] {
  const document = app.swagger() as { paths?: Record<string, Record<string, Operation>> };
  const operations = new Map<string, Operation>();
  for (const [path, byMethod] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(byMethod))
      operations.set(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`, operation);
  }
  const routes: FuzzRoute[] = [];
  const seen = new Set<string>();
  for (const { method, url } of routeTable(app)) {
    if (url.startsWith('/api/docs') || seen.has(`${method} ${url}`)) continue;
    seen.add(`${method} ${url}`);
    const operation = operations.get(`${method} ${url}`) ?? {};
    const content = operation.requestBody?.content ?? {};
    const json = content['application/json']?.schema;
    const form = content['application/x-www-form-urlencoded']?.schema;
    const body = json ? { schema: json, type: 'json' as const } : form ? { schema: form, type: 'form' as const } : undefined;
    const query = parametersSchema(operation, 'query');
    const params = parametersSchema(operation, 'path') ?? pathParamsOf(url);
    routes.push({ method, url, ...(body ? { body } : {}), ...(query ? { query } : {}), ...(params ? { params } : {}) });
  }
  return routes.sort((a, b) => `${a.method} ${a.url}`.localeCompare(`${b.method} ${b.url}`));
}

/** A route the document does not describe still has its path's parameters: any text. */
function pathParamsOf(url: string): Schema | undefined {
  const names = [...url.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
  if (url.endsWith('*')) names.push('*');
  if (!names.length) return undefined;
  return { type: 'object', properties: Object.fromEntries(names.map((name) => [name, { type: 'string' }])), required: names };
}

/**
 * Whether a route reads anything a case can vary but the language: a body, a path part, a query
 * field. One that does not (the catalog export, a captcha) gets a few cases, as more would only
 * repeat the same request.
 */
export function hasInput(route: FuzzRoute): boolean {
  const queryFields = Object.keys(route.query?.properties ?? {}).filter((name) => name !== 'lang');
  return (
    route.body !== undefined ||
    route.params !== undefined ||
    queryFields.length > 0 ||
    (route.method !== 'GET' && route.method !== 'DELETE')
  );
}

/** What a case is and what its answer must be. */
export type FuzzCase = {
  route: string;
  /** 'break:<rule>@<where>', 'raw:<what>', 'hostile' (follows every schema: may be accepted), 'guard:<missing>'. */
  kind: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  /** refused: must be a 4xx that changes nothing; any: below 500, and a refusal changes nothing. */
  expect: 'refused' | 'any';
};

type Part = { where: 'body' | 'query' | 'params'; schema: Schema; carrier: Carrier };

function partsOf(route: FuzzRoute): Part[] {
  const parts: Part[] = [];
  if (route.body) parts.push({ where: 'body', schema: route.body.schema, carrier: route.body.type === 'form' ? 'text' : 'json' });
  if (route.query) parts.push({ where: 'query', schema: route.query, carrier: 'text' });
  if (route.params) parts.push({ where: 'params', schema: route.params, carrier: 'text' });
  return parts;
}

const isApi = (url: string) => url.startsWith('/api/');
const changesState = (method: string) => method !== 'GET';
const needsStaff = (url: string) => (url.startsWith('/api/admin/') && url !== '/api/admin/session') || url.startsWith('/api/checkin/');

function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Percent-encodes every byte but the unreserved ones; a lone surrogate goes as its replacement character's bytes. */
function encodePart(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8'))
    out +=
      /[\w.~-]/.test(String.fromCharCode(byte)) && byte < 128
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  return out;
}

function urlOf(route: FuzzRoute, params: Record<string, unknown>, query: Record<string, unknown> | undefined, rawQuery?: string): string {
  let path = route.url.replace(/:(\w+)/g, (_, name: string) => encodePart(textOf(params[name])));
  if (path.endsWith('*')) path = path.slice(0, -1) + encodePart(textOf(params['*']));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) search.append(key, textOf(value));
  const text = [search.toString(), rawQuery].filter(Boolean).join('&');
  return text ? `${path}?${text}` : path;
}

function encodeBody(route: FuzzRoute, body: unknown): { payload: string; type: string } {
  if (route.body?.type === 'form' && typeof body === 'object' && body !== null && !Array.isArray(body)) {
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(body)) if (value !== undefined) form.append(key, textOf(value));
    return { payload: form.toString(), type: 'application/x-www-form-urlencoded' };
  }
  return { payload: JSON.stringify(body) ?? 'null', type: 'application/json' };
}

/**
 * Bodies no parser takes (refused wherever they go), and bodies a parser takes but of a type or
 * shape the route may not read: those are refused only where the route's body schema refuses
 * what the parser makes of them (`parsed`).
 */
type RawBody = { what: string; type: string; payload: fc.Arbitrary<string>; parsed?: (payload: string) => unknown };
const RAW_BODIES: RawBody[] = [
  {
    what: 'invalid-json',
    type: 'application/json',
    payload: fc.constantFrom('{', '{"hash":', '[1,2', "{'a':1}", '{"a":1}}', 'nul', '\u0000', '{"a":"\\ud800"', '{"a":01}', '{"a":1,}'),
  },
  {
    what: 'invalid-json',
    type: 'application/json',
    payload: fc.string({ unit: 'binary', minLength: 1, maxLength: 60 }).filter((s) => !isJson(s)),
  },
  {
    what: 'deep-json',
    type: 'application/json',
    payload: fc.integer({ min: 500, max: 20_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
    parsed: (payload) => JSON.parse(payload) as unknown,
  },
  { what: 'content-type', type: 'text/plain', payload: fc.constantFrom('hello', '{"hash":"x"}'), parsed: (payload) => payload },
  {
    what: 'content-type',
    type: 'application/xml',
    payload: fc.constant('<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>'),
  },
  {
    what: 'content-type',
    type: 'multipart/form-data; boundary=x',
    payload: fc.constant('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--'),
  },
];

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Query strings a browser would never send: repeated and bracketed keys, broken escapes, the odd separators. */
const RAW_QUERIES = fc.constantFrom(
  'lang[]=ru&lang[]=en',
  'lang=ru&lang=en',
  'a[b][c]=1',
  '%ZZ=%ZZ',
  '__proto__[x]=1',
  'lang=%00',
  `q=${'%FF'.repeat(50)}`,
  ';;&&==',
  'x='.concat('y'.repeat(5000)),
  'page=-1&limit=1e9',
);

/** The storefront's token, and the staff session's cookie with the token bound to it (a staff call needs both). */
export type Credentials = { csrf: string; staffCookie: () => string; staffCsrf: () => string };

/** The arbitrary of one route's cases. `known` are texts of the data at hand, drawn now and then. */
export function casesOf(route: FuzzRoute, credentials: Credentials, known: readonly string[]): fc.Arbitrary<FuzzCase> {
  const name = `${route.method} ${route.url}`;
  const parts = partsOf(route);
  const valid = fc.record({
    body: route.body ? valueOf(route.body.schema, known) : fc.constant(undefined),
    query: route.query ? valueOf(route.query, known) : fc.constant(undefined),
    params: route.params ? valueOf(route.params, known) : fc.constant({}),
  }) as fc.Arbitrary<{ body: unknown; query: Record<string, unknown> | undefined; params: Record<string, unknown> }>;

  const build = (
    kind: string,
    values: { body: unknown; query: Record<string, unknown> | undefined; params: Record<string, unknown> },
    expect: FuzzCase['expect'],
    rawQuery?: string,
  ): FuzzCase => {
    const staff = needsStaff(route.url);
    const headers: Record<string, string> = {
      'x-requested-with': 'XMLHttpRequest',
      'x-csrf-token': staff ? credentials.staffCsrf() : credentials.csrf,
    };
    if (staff) headers.cookie = credentials.staffCookie();
    const fuzzCase: FuzzCase = {
      route: name,
      kind,
      method: route.method,
      url: urlOf(route, values.params ?? {}, values.query, rawQuery),
      headers,
      expect,
    };
    if (values.body !== undefined) {
      const { payload, type } = encodeBody(route, values.body);
      fuzzCase.payload = payload;
      headers['content-type'] = type;
    }
    return fuzzCase;
  };

  const kinds: { weight: number; arbitrary: fc.Arbitrary<FuzzCase> }[] = [];

  // One rule of one part broken, the rest as the schema wants (or as hostile as it allows).
  if (parts.length) {
    const broken = valid.chain((values) => {
      const options = parts.flatMap((part) => {
        const current = part.where === 'body' ? values.body : values[part.where];
        const breaking = breakOne(part.schema, current, part.carrier);
        return breaking ? [breaking.map((breakage: Breakage) => ({ part, breakage }))] : [];
      });
      if (!options.length) return fc.constant(build('hostile', values, 'any'));
      return fc.oneof(...options).map(({ part, breakage }) => {
        const changed = applyBreakage(part.where === 'body' ? values.body : values[part.where], breakage);
        const next = { ...values, [part.where]: changed } as typeof values;
        // Another branch of an anyOf may still take it: then it is no break, and may be accepted.
        // An empty path part makes another address, another route's business: no break of this one.
        const otherAddress = part.where === 'params' && (breakage.remove === true || textOf(breakage.value) === '');
        const surely = !otherAddress && !conforms(part.schema, changed, part.carrier);
        return build(
          surely ? `break:${breakage.rule}@${part.where}.${breakage.path.join('.')}` : 'hostile',
          next,
          surely ? 'refused' : 'any',
        );
      });
    });
    kinds.push({ weight: 6, arbitrary: broken });
  }

  // Follows every schema, texts as hostile as the schema lets them be: reaches the handlers.
  kinds.push({ weight: 2, arbitrary: valid.map((values) => build('hostile', values, 'any')) });

  // A broken body or a type no route reads; a GET sends the odd query string instead.
  if (changesState(route.method)) {
    kinds.push({
      weight: 2,
      arbitrary: fc.tuple(valid, fc.constantFrom(...RAW_BODIES)).chain(([values, raw]) =>
        raw.payload.map((payload) => {
          const refused = !raw.parsed || (route.body !== undefined && !conforms(route.body.schema, raw.parsed(payload), 'json'));
          const fuzzCase = build(`raw:${raw.what}`, { ...values, body: undefined }, refused ? 'refused' : 'any');
          return { ...fuzzCase, payload, headers: { ...fuzzCase.headers, 'content-type': raw.type } };
        }),
      ),
    });
  } else {
    kinds.push({ weight: 1, arbitrary: fc.tuple(valid, RAW_QUERIES).map(([values, raw]) => build('raw:query', values, 'any', raw)) });
  }

  // Without the CSRF token, or without the staff session: the guards must refuse and change nothing.
  const guards: string[] = [];
  if (changesState(route.method)) guards.push('csrf');
  if (needsStaff(route.url)) guards.push('session');
  if (guards.length) {
    kinds.push({
      weight: 1,
      arbitrary: fc.tuple(valid, fc.constantFrom(...guards)).map(([values, missing]) => {
        const fuzzCase = build(`guard:no-${missing}`, values, 'refused');
        const headers = { ...fuzzCase.headers };
        if (missing === 'csrf') delete headers['x-csrf-token'];
        else delete headers.cookie;
        return { ...fuzzCase, headers };
      }),
    });
  }
  return fc.oneof(...kinds);
}

/**
 * A digest per table: its row count and an order-free sum of 64-bit hashes of its rows (the same
 * rows in any physical order give the same digest, a changed, added or removed row another).
 */
export async function tableDigests(db: Db, except: ReadonlySet<string>): Promise<Map<string, string>> {
  const { rows: tables } = await db.query<{ name: string }>(
    "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
  );
  const kept = tables.map((t) => t.name).filter((name) => !except.has(name));
  const sql = kept
    .map(
      (name) =>
        `select '${name}' as name, count(*)::text || ':' || coalesce(sum(hashtextextended(t::text, 0)), 0)::text as digest from "${name}" t`,
    )
    .join(' union all ');
  const { rows } = await db.query<{ name: string; digest: string }>(sql);
  return new Map(rows.map((row) => [row.name, row.digest]));
}

export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter((name) => before.get(name) !== after.get(name));
}

/** The write-ahead log's position: it stays put while nothing is written, so most cases need no digest. */
async function walPosition(db: Db): Promise<string> {
  const { rows } = await db.query<{ lsn: string }>('select pg_current_wal_insert_lsn()::text as lsn');
  return rows[0]?.lsn ?? '';
}

export type FuzzStats = {
  msByRoute: Map<string, number>;
  cases: number;
  refused: number;
  accepted: number;
  byKind: Map<string, number>;
  acceptedRoutes: Map<string, number>;
  digests: number;
};

export function newStats(): FuzzStats {
  return { msByRoute: new Map(), cases: 0, refused: 0, accepted: 0, byKind: new Map(), acceptedRoutes: new Map(), digests: 0 };
}

/** Why an answer breaks the rules, or undefined when it keeps them. */
export function verdictOf(fuzzCase: FuzzCase, response: LightMyRequestResponse): string | undefined {
  const status = response.statusCode;
  if (status >= 500) return `answered ${status}`;
  if (fuzzCase.expect === 'refused' && (status < 400 || status >= 500)) return `a request that breaks a rule was answered ${status}`;
  if (status >= 400 && isApi(fuzzCase.url)) {
    let answer: Record<string, unknown> | undefined;
    try {
      answer = JSON.parse(response.body) as Record<string, unknown>;
    } catch {
      return `answered ${status} with a body that is no JSON`;
    }
    if (typeof answer?.errorCode !== 'string' || typeof answer.errorText !== 'string' || answer.errorText === '')
      return `answered ${status} without errorCode and errorText`;
  }
  return undefined;
}

export type FuzzContext = {
  t: TestApp;
  credentials: Credentials;
  /** Tables a refused request may change, each for a stated reason. */
  excluded: ReadonlySet<string>;
  /** After an accepted admin call (a sign-out among them), a staff session that works again. */
  restoreSession: () => Promise<void>;
  stats: FuzzStats;
};

/** Runs one case and checks its answer and the database; throws what went wrong. */
export async function runCase(ctx: FuzzContext, fuzzCase: FuzzCase, baseline: { digests: Map<string, string> }): Promise<void> {
  const { stats } = ctx;
  const started = performance.now();
  try {
    await runCaseTimed(ctx, fuzzCase, baseline);
  } finally {
    stats.msByRoute.set(fuzzCase.route, (stats.msByRoute.get(fuzzCase.route) ?? 0) + performance.now() - started);
  }
}

async function runCaseTimed(ctx: FuzzContext, fuzzCase: FuzzCase, baseline: { digests: Map<string, string> }): Promise<void> {
  const { t, stats } = ctx;
  const walBefore = await walPosition(t.db);
  const response = await t.app.inject({
    method: fuzzCase.method as 'GET',
    url: fuzzCase.url,
    headers: fuzzCase.headers,
    ...(fuzzCase.payload !== undefined ? { payload: fuzzCase.payload } : {}),
  });
  stats.cases += 1;
  const kind = fuzzCase.kind.replace(/@.*/, '');
  stats.byKind.set(kind, (stats.byKind.get(kind) ?? 0) + 1);
  const problem = verdictOf(fuzzCase, response);
  const accepted = response.statusCode < 400;
  if (accepted) {
    stats.accepted += 1;
    stats.acceptedRoutes.set(fuzzCase.route, (stats.acceptedRoutes.get(fuzzCase.route) ?? 0) + 1);
  } else {
    stats.refused += 1;
  }
  if ((await walPosition(t.db)) !== walBefore) {
    const after = await tableDigests(t.db, ctx.excluded);
    stats.digests += 1;
    const changed = changedTables(baseline.digests, after);
    baseline.digests = after;
    if (!accepted && changed.length)
      throw new Error(
        `${describe(fuzzCase)}\nrefused with ${response.statusCode} but changed ${changed.join(', ')}\n${response.body.slice(0, 300)}`,
      );
  }
  if (problem) throw new Error(`${describe(fuzzCase)}\n${problem}\n${response.body.slice(0, 500)}`);
  if (accepted && needsStaff(fuzzCase.url)) await ctx.restoreSession();
}

export function describe(fuzzCase: FuzzCase): string {
  const payload =
    fuzzCase.payload === undefined
      ? ''
      : ` body ${fuzzCase.payload.length > 400 ? `${fuzzCase.payload.slice(0, 400)}… (${fuzzCase.payload.length} chars)` : fuzzCase.payload}`;
  return `${fuzzCase.kind}: ${fuzzCase.method} ${fuzzCase.url.slice(0, 300)}${payload} [${fuzzCase.headers['content-type'] ?? 'no content type'}]`;
}

/** A seed per route from the run's seed and the route's name, so adding a route changes no other route's cases. */
export function routeSeed(seed: number, route: string): number {
  let hash = (seed ^ 0x811c9dc5) >>> 0;
  for (const char of route) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return hash | 0;
}

export { HOSTILE_TEXTS };
