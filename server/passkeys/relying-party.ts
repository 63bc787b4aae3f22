/**
 * The relying party of every passkey: the site PUBLIC_URL names. Its host name is the RP id a passkey is bound
 * to, and its origin the only one a browser's answer may come from (docs/operating.md#passkeys).
 */
import { company } from '#domain/company';
import type { Config } from '../config';

export interface RelyingParty {
  /** PUBLIC_URL's host name, without port ('example.com', 'localhost'). */
  id: string;
  /** PUBLIC_URL's origin ('https://example.com'). */
  origin: string;
  /** What the browser shows beside the passkey. */
  name: string;
}

export function relyingParty(config: Pick<Config, 'PUBLIC_URL'>): RelyingParty {
  const url = new URL(config.PUBLIC_URL);
  return { id: url.hostname, origin: url.origin, name: company.name };
}
