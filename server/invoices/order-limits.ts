/** The limits an order and a renewed payment link count against: per customer and per client address. */
import type { Context } from 'hono';
import { clientAddress, clientLimitKey } from '../http/client-address';
import type { Services } from '../services';

export async function chargeOrderLimits(
  { limits, config }: Pick<Services, 'limits' | 'config'>,
  c: Context,
  userId: string,
): Promise<void> {
  await limits.charge(
    [
      { limit: limits.invoice.user, key: userId },
      { limit: limits.invoice.address, key: clientLimitKey(c, config.TRUST_PROXY) },
    ],
    { userId, address: clientAddress(c, config.TRUST_PROXY) },
  );
}
