import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { oauthProvider } from '@/lib/server/accounts/oauth/select';

export const metadata: Metadata = { title: '授权登录', robots: { index: false } };

/** The local OAuth provider's consent screen (development and tests stand-in for the messaging app's). */
export default async function LocalAuthorize({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  // Only where the local provider is on and the browser is on this machine (docs/abuse.md "Demo switches").
  if (oauthProvider(await headers())?.name !== 'local') notFound();
  const { state = '', redirect_uri: redirectUri = '' } = await searchParams;
  return (
    <main className="shell">
      <div className="page">
        <h1 className="page-title">授权登录书声</h1>
        <p className="muted">本地登录服务（开发与测试用）：填写昵称即可模拟第三方账号授权，同一昵称对应同一账号。</p>
        <form method="post" action="/oauth/local/approve" className="form">
          <input type="hidden" name="state" value={state} />
          <input type="hidden" name="redirect_uri" value={redirectUri} />
          <label className="field">
            <span>昵称</span>
            <input name="nickname" required maxLength={32} defaultValue="本地书友" autoComplete="nickname" />
          </label>
          <button type="submit" className="button button-primary button-block">
            同意授权
          </button>
        </form>
      </div>
    </main>
  );
}
