/**
 * Generated requests: for a route (its method mostly, its parameters, query and body, any caller, odd
 * headers and client addresses), for paths no route claims, and how one becomes a fetch Request.
 */
import fc from 'fast-check';
import { type Body, bodies, render } from './bodies';
import { CONTENT_TYPES, addresses, encodeLoosely, extraHeaders, latin1, queryPairs, text } from './junk';
import type { Route } from './routes';
import type { FuzzWorld } from './world';

/** How a request says who it is: the fuzzer's own session, another fuzz session, none, or something broken. */
export type Caller =
  | { kind: 'fuzzer' }
  | { kind: 'other'; index: number }
  | { kind: 'none' }
  | { kind: 'header'; value: string }
  | { kind: 'mangled'; before: string; after: string };

const callers: fc.Arbitrary<Caller> = fc.oneof(
  { weight: 6, arbitrary: fc.constant({ kind: 'fuzzer' as const }) },
  { weight: 1, arbitrary: fc.nat().map((index) => ({ kind: 'other' as const, index })) },
  { weight: 3, arbitrary: fc.constant({ kind: 'none' as const }) },
  {
    weight: 2,
    arbitrary: fc
      .oneof(
        latin1,
        latin1.map((value) => `Bearer ${value}`),
        fc.constantFrom('Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', `Bearer ${'a'.repeat(10_000)}`, 'Bearer null'),
      )
      .map((value) => ({ kind: 'header' as const, value })),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({
        before: fc.constantFrom('bearer ', 'BEARER   ', 'Bearer\t', 'Token ', 'Bearer x'),
        after: fc.constantFrom('', ' ', 'x', ' extra', '\u00ff'),
      })
      .map((parts) => ({ kind: 'mangled' as const, ...parts })),
  },
);

export interface FuzzRequest {
  method: string;
  path: string;
  query: Array<[string, unknown]>;
  caller: Caller;
  body: Body;
  contentType: string | null | undefined;
  headers: Array<[string, string]>;
  address: string | undefined;
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** A path parameter: usually a fitting value, sometimes anything at all (encoded, so the URL stays valid). */
function param(valid: fc.Arbitrary<unknown> | undefined): fc.Arbitrary<string> {
  const fitting = (valid ?? text).map((value) => (typeof value === 'string' ? value : String(value)));
  return fc
    .oneof(
      { weight: 4, arbitrary: fitting },
      { weight: 1, arbitrary: text },
      { weight: 1, arbitrary: fc.constantFrom('%', '..', '%2e%2e', '%00') },
    )
    .map((value) => (/^%|^\.\.$/.test(value) ? value : encodeLoosely(value)));
}

export function requests(route: Route): fc.Arbitrary<FuzzRequest> {
  const names = route.path.split('/').filter((segment) => segment.startsWith(':'));
  const params = fc.tuple(...names.map((name) => param(route.params?.[name.slice(1)])));
  return fc.record({
    method: fc.oneof(
      { weight: 9, arbitrary: fc.constant(route.method) },
      { weight: 1, arbitrary: fc.constantFrom(...METHODS) },
    ),
    path: params.map((values) => names.reduce((path, name, i) => path.replace(name, values[i]!), route.path)),
    query: queryPairs(route.query ?? {}),
    caller: callers,
    body: bodies(route),
    // undefined: the body's own type; null: none at all.
    contentType: fc.oneof(
      { weight: 8, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.constant(null) },
      { weight: 1, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
    ),
    headers: extraHeaders,
    address: addresses,
  });
}

/** Paths no route claims, under /api and elsewhere. */
export const strayRequests: fc.Arbitrary<FuzzRequest> = fc
  .tuple(
    requests({ method: 'GET', path: '/api/:x' }),
    fc.constantFrom('/api/', '/api/users/', '/api/auth/', '/pay/sandbox/', '/', '/assets/'),
    fc.array(param(undefined), { minLength: 1, maxLength: 3 }),
    fc.constantFrom(...METHODS),
  )
  .map(([request, prefix, segments, method]) => ({ ...request, method, path: prefix + segments.join('/') }));

/** The session a caller uses. Without a world (the Stripe webhook's app) only callers that send none may come. */
export function tokenOf(caller: Caller, world: FuzzWorld | undefined): string | undefined {
  if (caller.kind === 'fuzzer') return fuzzerOf(world).token;
  if (caller.kind === 'other') {
    const tokens = world?.pools.tokens ?? [];
    return tokens.length > 0 ? tokens[caller.index % tokens.length] : undefined;
  }
  return undefined;
}

function fuzzerOf(world: FuzzWorld | undefined) {
  if (world === undefined) throw new Error('a request as the fuzzer, to an app without one');
  return world.fuzzer;
}

function authorization(caller: Caller, world: FuzzWorld | undefined): string | undefined {
  const token = tokenOf(caller, world);
  if (token) return `Bearer ${token}`;
  if (caller.kind === 'header') return caller.value;
  if (caller.kind === 'mangled') return `${caller.before}${fuzzerOf(world).token}${caller.after}`;
  return undefined;
}

export function toRequestInit(request: FuzzRequest, world: FuzzWorld | undefined): { url: string; init: RequestInit } {
  const query = request.query
    .map(([key, value]) => `${encodeLoosely(key)}=${encodeLoosely(typeof value === 'string' ? value : String(value))}`)
    .join('&');
  const url = `http://localhost${request.path}${query ? `?${query}` : ''}`;
  const headers = new Headers();
  for (const [name, value] of request.headers) headers.append(name, value);
  const auth = authorization(request.caller, world);
  if (auth !== undefined) headers.set('Authorization', auth);
  const { contentType, payload } = render(request.body);
  const type = request.contentType === undefined ? contentType : request.contentType;
  if (type) headers.set('Content-Type', type);
  const bodyAllowed = request.method !== 'GET' && request.method !== 'HEAD';
  return {
    url,
    init: { method: request.method, headers, ...(bodyAllowed && payload !== undefined ? { body: payload } : {}) },
  };
}
