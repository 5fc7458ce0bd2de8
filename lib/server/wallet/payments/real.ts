import 'server-only';
import { alipayProvider } from './alipay';
import type { RealProvider } from './contract';
import { wechatPayProvider } from './wechat';

/**
 * Every real provider this build knows, one line each: the registry orders, notifications and the daily
 * reconciliation all read (docs/payments.md "Providers"). Each takes part only when configured.
 */
export const REAL_PROVIDERS: readonly RealProvider[] = [wechatPayProvider, alipayProvider];
