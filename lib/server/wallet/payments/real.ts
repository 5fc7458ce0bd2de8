import 'server-only';
import { alipayProvider } from './alipay';
import type { RealProvider } from './contract';

/**
 * The real providers the daily reconciliation walks (docs/reconciliation.md); each takes part only when configured.
 * WeChat Pay joins this list where the provider registry lists it.
 */
export const REAL_PROVIDERS: readonly RealProvider[] = [alipayProvider];
