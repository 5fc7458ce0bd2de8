import { IntentLink as Link } from '@/components/ui/intent-link';
import { PageBar } from '@/components/shell/page-bar';
import { MINORS_TEXT as T } from '@/lib/shared/minors-text';

/**
 * What a member in 青少年模式 sees instead of a novel's page, chapter list or last page when editors have not marked
 * the novel suitable (docs/minors-mode.md "Only suitable novels"): nothing of the book, the reason, and a way home.
 */
export function MinorsNovelNotice() {
  return (
    <div className="page" data-testid="minors-novel-notice">
      <PageBar title={T.novelHiddenTitle} parent="/m" />
      <div className="center-page">
        <p className="muted">{T.novelHiddenBody}</p>
        <Link className="button button-primary" href="/m">
          {T.novelHiddenHome}
        </Link>
      </div>
    </div>
  );
}
