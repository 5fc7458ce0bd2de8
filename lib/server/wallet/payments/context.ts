import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import { detectUa } from '@/lib/shared/ua';
import { getDb } from '../../db/client';
import { oauthIdentities } from '../../db/schema';
import { clientIp } from '../../core/client-ip';
import { hostFrom } from '../../core/own-hosts';
import type { PayContext } from './contract';

/** The member's OpenID from their messaging-app sign-in (`oauth:wechat`, docs/accounts.md "Third-party sign-in (OAuth)"), if they used it. */
export async function messagingAppOpenId(memberId: number): Promise<string | null> {
  const [identity] = await getDb()
    .select({ subject: oauthIdentities.subject })
    .from(oauthIdentities)
    .where(and(eq(oauthIdentities.memberId, memberId), eq(oauthIdentities.provider, 'wechat')))
    .orderBy(desc(oauthIdentities.id))
    .limit(1);
  return identity?.subject ?? null;
}

/**
 * Where and by whom a payment starts (docs/payments.md "Choosing a provider"). The origin for the provider's
 * return and notify addresses is SITE_URL when set: an address built from request headers could be aimed elsewhere.
 */
export async function payContextFor(headers: Headers, memberId: number | null): Promise<PayContext> {
  const ua = detectUa(headers.get('user-agent'));
  const site = hostFrom(headers);
  return {
    inMessagingApp: ua.wechat,
    ios: ua.ios && !ua.android,
    openId: memberId === null || !ua.wechat ? null : await messagingAppOpenId(memberId),
    clientIp: clientIp({ headers }),
    origin: (process.env.SITE_URL || `${site.protocol}//${site.host}`).replace(/\/+$/, ''),
  };
}
