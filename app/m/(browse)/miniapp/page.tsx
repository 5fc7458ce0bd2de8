import type { Metadata } from 'next';
import { IntentLink as Link } from '@/components/ui/intent-link';
import { SERVER_MSG } from '@/lib/server/messages';
import { returnPath } from '@/lib/shared/return-path';
import type { SearchParams } from '@/lib/shared/page-params';
import '@/components/wallet/guide.css';

export const metadata: Metadata = { title: SERVER_MSG.miniappTitle, robots: { index: false } };

/** /m/miniapp (docs/shell.md "Payment availability and recharge doors"): inside the mini-program the web view cannot pay; the mini-program's own page can. */
export default async function MiniappGuidePage({ searchParams }: { searchParams: SearchParams }) {
  const raw = (await searchParams).return;
  const back = returnPath(typeof raw === 'string' ? raw : null) ?? '/m';
  return (
    <div className="page guide-page guide-page-plain">
      <svg className="guide-art" viewBox="0 0 240 140" width="240" height="140" role="img" aria-label="小程序充值示意">
        <rect x="70" y="6" width="100" height="128" rx="14" fill="#fff" stroke="#d9d4cc" strokeWidth="3" />
        <rect x="82" y="24" width="76" height="12" rx="6" fill="#f0e6da" />
        <rect x="82" y="46" width="36" height="30" rx="6" fill="#fde2d0" />
        <rect x="122" y="46" width="36" height="30" rx="6" fill="#fde2d0" />
        <rect x="82" y="82" width="36" height="30" rx="6" fill="#fde2d0" />
        <rect x="122" y="82" width="36" height="30" rx="6" fill="#b3261e" />
        <circle cx="200" cy="40" r="22" fill="#07c160" />
        <path d="M190 40l7 7 13-14" stroke="#fff" strokeWidth="4" fill="none" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <h1 className="page-title">{SERVER_MSG.miniappTitle}</h1>
      <ol className="guide-steps">
        <li>点击左上角返回，回到小程序</li>
        <li>在小程序「我的」中进入「充值」</li>
        <li>充值成功后回到本书，继续阅读</li>
      </ol>
      <p className="muted small">小程序内的网页暂不支持直接支付，书币充值后在网页中同样可用。</p>
      <Link href={back} className="button button-primary button-block guide-back">
        {SERVER_MSG.backToReading}
      </Link>
    </div>
  );
}
