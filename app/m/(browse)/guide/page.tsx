import type { Metadata } from 'next';
import { IntentLink as Link } from '@/components/ui/intent-link';
import { headers } from 'next/headers';
import { hostFrom } from '@/lib/server/core/own-hosts';
import { SERVER_MSG } from '@/lib/server/messages';
import { safeBridgeUrl } from '@/lib/shared/recharge';
import { returnPath } from '@/lib/shared/return-path';
import type { SearchParams } from '@/lib/shared/page-params';
import { CopyLink } from '@/components/wallet/copy-link';
import { OpenInBrowserArt } from '@/components/wallet/open-in-browser-art';
import '@/components/wallet/guide.css';

export const metadata: Metadata = { title: SERVER_MSG.guideTitle, robots: { index: false } };

/**
 * /m/guide?url={bridge} (docs/shell.md "Payment availability and recharge doors"): the iOS messaging app cannot pay here, so the reader opens the one-time
 * bridge address in Safari, which signs them in there. Only this site's /bridge?token=… is ever shown.
 */
export default async function GuidePage({ searchParams }: { searchParams: SearchParams }) {
  const raw = (await searchParams).url;
  const site = hostFrom(await headers());
  const url = safeBridgeUrl(typeof raw === 'string' ? raw : null, `${site.protocol}//${site.host}`);
  const back = (url && returnPath(new URL(url).searchParams.get('return'))) || '/m';
  return (
    <div className="page guide-page">
      <OpenInBrowserArt />
      <h1 className="page-title">{SERVER_MSG.guideTitle}</h1>
      <ol className="guide-steps">
        <li>
          点击右上角{' '}
          <span className="guide-key" aria-label="更多">
            ···
          </span>
        </li>
        <li>选择「在浏览器打开」</li>
        <li>在浏览器中完成充值，书币自动到账</li>
      </ol>
      {url ? (
        <>
          <p className="muted small">也可以复制下方链接，粘贴到浏览器打开：</p>
          <CopyLink url={url} />
        </>
      ) : (
        <p className="notice" role="alert">
          {SERVER_MSG.invalidBridgeUrl}
        </p>
      )}
      <Link href={back} className="button button-block guide-back">
        {SERVER_MSG.backToReading}
      </Link>
    </div>
  );
}
