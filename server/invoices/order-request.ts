/**
 * Reading an order (POST /api/invoices/create): the body checked field by field, and priced from the server's own
 * copy of the catalogue; the browser's amount is only checked against it, never trusted.
 */
import type { Context } from 'hono';
import { APP_URL_MAX, InvoiceCreateRequest, SERVICE_TYPES } from '#domain/contract';
import { services as catalogue } from '#domain/catalogue/services';
import { HttpError } from '../http/errors';
import { readJson, validate } from '../http/validate';

export const UNKNOWN_SERVICE_TEXT = 'Unknown service.';
export const PRICE_CHANGED_TEXT = 'The price of this service has changed. Please reload the page.';
export const URL_TOO_LONG_TEXT = 'The website URL or application name is too long.';
export const TYPE_TEXT = `Please choose a delivery type: ${SERVICE_TYPES.join(', ')}.`;

const INVOICE_FIELD_MESSAGES: Record<string, string> = {
  amount: 'The price is missing or not a number.',
  title: 'Please choose a service.',
  type: TYPE_TEXT,
  url: 'Please give the website URL or application name as text (empty when there is none).',
};

/** The URL is trimmed before it is checked, so surrounding spaces neither count nor get stored. */
function trimUrl(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const { url } = body as { url?: unknown };
  return typeof url === 'string' ? { ...body, url: url.trim() } : body;
}

function isTooLong(body: unknown): boolean {
  const url = typeof body === 'object' && body !== null ? (body as { url?: unknown }).url : undefined;
  return typeof url === 'string' && url.length > APP_URL_MAX;
}

/** The order the body asks for, with its service from the catalogue; 400 with the reason when it is not one. */
export async function readOrder(c: Context) {
  const input = trimUrl(await readJson(c));
  // Checked first so that an over-long URL gets its own clear text rather than the struct's general one.
  if (isTooLong(input)) throw new HttpError(400, URL_TOO_LONG_TEXT);
  const body = validate(InvoiceCreateRequest, input, INVOICE_FIELD_MESSAGES);
  const service = catalogue.find((entry) => entry.title === body.title);
  if (!service) throw new HttpError(400, UNKNOWN_SERVICE_TEXT);
  if (body.amount !== service.price) throw new HttpError(400, PRICE_CHANGED_TEXT);
  return { service, order: { title: service.title, type: body.type, url: body.url } };
}
