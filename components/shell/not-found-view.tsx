import { IntentLink as Link } from '@/components/ui/intent-link';
import { SERVER_MSG } from '@/lib/server/messages';
import { PageBar } from './page-bar';

/**
 * What every missing page says, in Chinese, with two ways back: the bar's back (to the page the reader came from, else
 * home) and a button home (docs/web-security.md "Not found", docs/shell.md "Back-and-title bar").
 */
export function NotFoundView({
  title = SERVER_MSG.pageNotFoundTitle,
  body = SERVER_MSG.pageNotFoundBody,
}: {
  title?: string;
  body?: string;
}) {
  return (
    <div className="page">
      <PageBar title={title} parent="/m" />
      <div className="center-page">
        <p className="muted">{body}</p>
        <Link className="button button-primary" href="/m">
          {SERVER_MSG.goHome}
        </Link>
      </div>
    </div>
  );
}
