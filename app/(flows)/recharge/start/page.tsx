import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { connection } from 'next/server';
import { currentMember } from '@/lib/server/accounts/session-member';
import { cachedFlags } from '@/lib/server/config/flags-cache';
import { hostFrom, ownHosts } from '@/lib/server/core/own-hosts';
import { getBalance } from '@/lib/server/wallet/accounts';
import { listProducts } from '@/lib/server/wallet/products';
import type { ShopProduct } from '@/lib/shared/dto/shop';
import { MSG } from '@/lib/shared/messages';
import { SERVER_MSG } from '@/lib/server/messages';
import { paymentAvailability } from '@/lib/shared/payment-availability';
import { rechargeReturn } from '@/lib/shared/recharge';
import type { SearchParams } from '@/lib/shared/page-params';
import { RechargePacks } from '@/components/wallet/recharge-packs';
import { PageBar } from '@/components/shell/page-bar';
import { payContextFor } from '@/lib/server/wallet/payments/context';
import { offeredProviders } from '@/lib/server/wallet/payments/provider';
import { PAY_TEXT } from '@/lib/shared/payment-text';

export const metadata: Metadata = { title: '充值书币', robots: { index: false } };

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? null;

/**
 * /recharge/start?aid&return&n_domain (docs/shell.md "Payment availability and recharge doors"): where 90001 sends a reader who must pay. After paying the
 * reader goes to `return`, else back to chapter `aid`; the packs are rendered here so nothing shifts.
 */
export default async function RechargeStart({ searchParams }: { searchParams: SearchParams }) {
  await connection();
  const q = await searchParams;
  const h = await headers();
  const site = hostFrom(h);
  const returnUrl = rechargeReturn(
    { aid: one(q.aid), return: one(q.return), n_domain: one(q.n_domain) },
    { ...site, ownHosts: ownHosts(site.host) },
  );
  const here = new URLSearchParams();
  for (const key of ['aid', 'return', 'n_domain']) {
    const value = one(q[key]);
    if (value) here.set(key, value);
  }
  const cancelUrl = `/recharge/start${here.size ? `?${here}` : ''}`;
  const { canPay } = paymentAvailability(h.get('user-agent'), cachedFlags());
  const member = await currentMember();
  // The payment choice (docs/payments.md "Choosing a provider"): only where this payer can pay at all.
  const providers = canPay ? offeredProviders(await payContextFor(h, member?.id ?? null)) : [];
  const [products, balance] = await Promise.all([
    canPay ? listProducts('recharge') : Promise.resolve([]),
    member ? getBalance(member.id) : Promise.resolve(null),
  ]);
  return (
    <main className="shell">
      <div className="page recharge-page">
        <PageBar title={MSG.rechargeTitle} parent={returnUrl} />
        {balance ? (
          <p className="balance-line" data-testid="balance">
            余额 <strong>{balance.welth}</strong> 书币 · <strong>{balance.welth_coupon}</strong> 书券
          </p>
        ) : (
          <p className="balance-line muted small">选择充值档位后需先登录</p>
        )}
        {canPay && providers.length === 1 && providers[0] === 'sandbox' ? <p className="muted small">{PAY_TEXT.sandboxOnly}</p> : null}
        {canPay ? (
          <RechargePacks
            initialProducts={products as ShopProduct[]}
            signedIn={Boolean(member)}
            returnUrl={returnUrl}
            cancelUrl={cancelUrl}
            providers={providers.map((name) => ({ name, label: PAY_TEXT.providerLabel[name] ?? name }))}
          />
        ) : (
          <div className="center-page" role="status">
            <p className="notice">{MSG.payUnavailable}</p>
            <a href={returnUrl} className="button button-primary">
              {SERVER_MSG.backToReading}
            </a>
          </div>
        )}
      </div>
    </main>
  );
}
