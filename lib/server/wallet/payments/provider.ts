import 'server-only';
import type { PayContext, RealProvider } from './contract';
import { REAL_PROVIDERS } from './real';

/**
 * A payment provider as the wallet sees it: where the payer goes to pay an order, and how the money goes back.
 * The sandbox and each real provider (docs/payments.md "Providers") look the same from orders and refunds.
 */
export interface PaymentProvider {
  name: string;
  payUrl(orderId: number): string;
  /**
   * Returns `amount` of a paid order's `total` to the payer; answers the provider's refund reference and whether the
   * money is already back (`settled`; false: the provider reports it later, null: the sandbox, which holds none).
   * Keyed by the order (the order id is the refund number), so asking twice refunds once. Throws when the provider
   * refuses.
   */
  refund(orderId: number, amount: number, total: number): Promise<{ ref: string; settled: boolean | null }>;
}

const sandbox: PaymentProvider = {
  name: 'sandbox',
  payUrl: (orderId) => `/pay/sandbox/${orderId}`,
  // The sandbox holds no money: the refund is recorded under a reference derived from the order.
  refund: async (orderId) => ({ ref: `sandbox-refund-${orderId}`, settled: null }),
};

/** The real providers whose configuration is complete. */
export function realProviders(): RealProvider[] {
  return REAL_PROVIDERS.filter((p) => p.configured());
}

export function realProviderNamed(name: string): RealProvider | null {
  return realProviders().find((p) => p.name === name) ?? null;
}

/**
 * The sandbox is offered when no real provider is configured (every recharge then goes through it, as the page
 * says), or when PAY_SANDBOX=1 keeps it beside them for demos and tests; then it is also the default.
 */
export function sandboxOffered(): boolean {
  return process.env.PAY_SANDBOX === '1' || realProviders().length === 0;
}

/**
 * The providers a payer may choose here, the default first (docs/payments.md "Choosing a provider"). Empty when
 * real providers are configured but none can take this payer's money (inside the messaging app without its sign-in).
 */
export function offeredProviders(ctx: PayContext): string[] {
  const real = realProviders()
    .filter((p) => p.offeredIn(ctx))
    .map((p) => p.name);
  return sandboxOffered() ? ['sandbox', ...real] : real;
}

function asPaymentProvider(real: RealProvider): PaymentProvider {
  return {
    name: real.name,
    payUrl: (orderId) => `/pay/${real.name}/${orderId}`,
    refund: (orderId, amount, total) => real.refund(orderId, amount, total),
  };
}

/** The provider an order was opened with; a real one that is no longer configured still has its pay address. */
export function providerNamed(name: string): PaymentProvider {
  if (name === 'sandbox') return sandbox;
  const real = REAL_PROVIDERS.find((p) => p.name === name);
  if (!real) throw new Error(`unknown payment provider ${name}`);
  return asPaymentProvider(real);
}

/** Names a real provider may have, for validating route parameters before anything is looked up. */
export const REAL_PROVIDER_NAMES: readonly string[] = REAL_PROVIDERS.map((p) => p.name);
