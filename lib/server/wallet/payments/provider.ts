import 'server-only';
import { verifySandboxNotification, type PaymentNotification } from './sandbox';

/**
 * A payment provider as the wallet sees it: where the payer goes to pay an order, and how a notification from
 * it is authenticated. A real provider (an acquirer's H5 cashier) is added here without touching orders or credits.
 */
export interface PaymentProvider {
  name: string;
  payUrl(orderId: number): string;
  verify(notification: PaymentNotification): boolean;
  /**
   * Returns a paid order's money to the payer; answers the provider's refund reference. Keyed by the order, so
   * asking twice refunds once (acquirers take a merchant refund number for this). Throws when the provider refuses.
   */
  refund(orderId: number, amount: number): Promise<{ ref: string }>;
}

const sandbox: PaymentProvider = {
  name: 'sandbox',
  payUrl: (orderId) => `/pay/sandbox/${orderId}`,
  verify: verifySandboxNotification,
  // The sandbox holds no money: the refund is recorded under a reference derived from the order.
  refund: async (orderId) => ({ ref: `sandbox-refund-${orderId}` }),
};

const PROVIDERS: Record<string, PaymentProvider> = { sandbox };

export const DEFAULT_PROVIDER = sandbox;

export function providerNamed(name: string): PaymentProvider {
  const provider = PROVIDERS[name];
  if (!provider) throw new Error(`unknown payment provider ${name}`);
  return provider;
}
