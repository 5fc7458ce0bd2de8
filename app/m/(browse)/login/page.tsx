import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { oauthProvider } from '@/lib/server/accounts/oauth/select';
import { SERVER_MSG } from '@/lib/server/messages';
import { returnPathOr } from '@/lib/shared/return-path';
import { currentAgreements } from '@/lib/server/accounts/agreements';
import { versionsOf } from '@/lib/shared/agreements';
import { LoginForm } from './_components/login-form';

export const metadata: Metadata = { title: '登录', robots: { index: false } };

const oauthNotice: Record<string, string> = {
  expired: SERVER_MSG.oauthExpired,
  failed: SERVER_MSG.oauthFailed,
  unavailable: SERVER_MSG.oauthUnavailable,
};

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const { next, oauth } = await searchParams;
  const notice = oauth ? oauthNotice[oauth] : undefined;
  const oauthAvailable = oauthProvider(await headers()) !== null;
  // The versions the box agrees to are the ones in force as the page renders (docs/agreements.md "Agreeing at sign-in").
  const versions = versionsOf(await currentAgreements());
  return (
    <div className="page">
      <h1 className="page-title">手机号登录</h1>
      <p className="muted login-lead">未注册的手机号验证后将自动创建书声账号</p>
      {notice ? (
        <p className="notice" role="alert">
          {notice}
        </p>
      ) : null}
      <LoginForm next={returnPathOr(next)} oauthAvailable={oauthAvailable} versions={versions} />
    </div>
  );
}
