import Link from 'next/link';
import { SERVER_MSG } from '@/lib/server/messages';

/** What every missing page says, in Chinese, with one way back home (docs/web-security.md "Not found"). */
export function NotFoundView() {
  return (
    <div className="page center-page">
      <h1 className="page-title">{SERVER_MSG.pageNotFoundTitle}</h1>
      <p className="muted">{SERVER_MSG.pageNotFoundBody}</p>
      <Link className="button button-primary" href="/m">
        {SERVER_MSG.goHome}
      </Link>
    </div>
  );
}
