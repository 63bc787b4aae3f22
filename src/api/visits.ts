/**
 * The visit record (docs/product.md#visits-and-privacy): where the visitor is (from a third-party service) and
 * that they came.
 */
import { create } from 'superstruct';
import { type Geolocation, UNKNOWN_PLACE } from '#machines/visit.machine';
import { ClientConfig, type VisitRequest } from '#domain/contract';
import { get, post } from './http';

const VISITOR_KEY = 'visitor';

/** An anonymous id the browser keeps, so repeated visits can be told apart without knowing who. */
export function visitorId(): string {
  let id = localStorage.getItem(VISITOR_KEY);
  if (!id) {
    id = crypto.randomUUID();
    localStorage.setItem(VISITOR_KEY, id);
  }
  return id;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim().slice(0, 100) : null);
const coordinate = (value: unknown, limit: number) => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && Math.abs(n) <= limit ? n : null;
};

/** Reads an ipapi-style answer; anything missing or odd becomes null. */
function toGeolocation(body: unknown): Geolocation {
  if (typeof body !== 'object' || body === null) return UNKNOWN_PLACE;
  const b = body as Record<string, unknown>;
  return {
    country_code: text(b.country_code)?.slice(0, 8) ?? null,
    country_name: text(b.country_name),
    city: text(b.city),
    postal: text(b.postal)?.slice(0, 20) ?? null,
    latitude: coordinate(b.latitude, 90),
    longitude: coordinate(b.longitude, 180),
    IPv4: text(b.ip ?? b.IPv4)?.slice(0, 45) ?? null,
    state: text(b.region ?? b.state),
  };
}

/** Asks the configured geolocation service; the visit machine gives up after its own time limit. */
export async function locate(signal?: AbortSignal): Promise<Geolocation> {
  const { geolocationUrl } = create(await get('/client-config', ClientConfig), ClientConfig);
  if (!geolocationUrl) return UNKNOWN_PLACE;
  const response = await fetch(geolocationUrl, { signal, credentials: 'omit', referrerPolicy: 'no-referrer' });
  if (!response.ok) throw new Error(`geolocation answered ${response.status}`);
  return toGeolocation(await response.json());
}

const pad = (n: number) => String(n).padStart(2, '0');

export function recordVisit(input: { user: string | null; visitor: string; place: Geolocation }, now = new Date()) {
  const body: VisitRequest = {
    user: input.user,
    visitor: input.visitor,
    ...input.place,
    visitDate: `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`,
    visitTime: `${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}`,
  };
  // The server attributes a visit to a user only when the request carries that user's session.
  return post('/users/record-visit', null, body, { auth: input.user !== null });
}
