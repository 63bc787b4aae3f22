/**
 * The origin a request came to, when the site may send the customer back there (docs/product.md#payments). A
 * browser keeps the sign-in per origin, so a checkout must return to the one the customer used. Trusted: PUBLIC_URL's
 * own origin; and on a site whose PUBLIC_URL is this machine, the same scheme and port under another loopback name
 * (127.0.0.1 for localhost). Anything else (a Host header naming some other site) gets PUBLIC_URL's origin.
 */
import { isLoopbackHost } from '../config-values';

export function siteOrigin(requestUrl: string, publicUrl: string): string {
  const site = new URL(publicUrl);
  const asked = new URL(requestUrl);
  if (asked.origin === site.origin) return site.origin;
  const loopback = isLoopbackHost(site.hostname) && isLoopbackHost(asked.hostname);
  return loopback && asked.protocol === site.protocol && asked.port === site.port ? asked.origin : site.origin;
}
