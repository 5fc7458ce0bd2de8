import type { Metadata } from 'next';
import { currentAgreements } from '@/lib/server/accounts/agreements';
import { versionsOf } from '@/lib/shared/agreements';
import { MSG } from '@/lib/shared/messages';
import { returnPathOr } from '@/lib/shared/return-path';
import { OAuthConsent } from './_components/oauth-consent';

export const metadata: Metadata = { title: '登录', robots: { index: false } };

/**
 * Entry of third-party sign-in inside in-app browsers (the guard's forced sign-in lands here): the reader agrees to the
 * agreements in force, then the flow starts at /oauth/start (it sets the state cookie) — docs/agreements.md
 * "Agreeing at sign-in".
 */
export default async function OAuthPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const { next, consent } = await searchParams;
  const versions = versionsOf(await currentAgreements());
  return (
    <div className="page oauth-page">
      <h1 className="page-title">微信登录</h1>
      <p className="muted login-lead">登录前请阅读并同意用户协议和隐私政策</p>
      {consent === 'outdated' || consent === 'required' ? (
        <p className="notice" role="alert">
          {consent === 'outdated' ? MSG.consentOutdated : MSG.consentRequired}
        </p>
      ) : null}
      <OAuthConsent next={returnPathOr(next)} versions={versions} />
    </div>
  );
}
