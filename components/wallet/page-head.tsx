import Link from 'next/link';

/** Title of a wallet page with the way back to 我的 (the pages are reached from there). */
export function PageHead({ title }: { title: string }) {
  return (
    <>
      <nav className="crumbs" aria-label="位置">
        <Link href="/m/my">我的</Link> › {title}
      </nav>
      <h1 className="page-title">{title}</h1>
    </>
  );
}

/** The recharge entry, coming back to `returnPath` after paying. */
export function rechargeUrl(returnPath: string): string {
  return `/recharge/start?return=${encodeURIComponent(returnPath)}`;
}
