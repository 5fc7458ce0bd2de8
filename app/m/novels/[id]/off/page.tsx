import type { Metadata } from 'next';
import { IntentLink as Link } from '@/components/ui/intent-link';
import { PageBar } from '@/components/shell/page-bar';

export const metadata: Metadata = { title: '作品已下架', robots: { index: false } };

/** Off-shelf novels (90401, docs/catalogue.md "Novels and chapters") land here; nothing of the book is shown. */
export default function OffShelfPage() {
  return (
    <div className="page">
      <PageBar title="作品已下架" parent="/m" />
      <div className="center-page">
        <p className="muted">这本书暂时无法阅读，去看看其他好书吧。</p>
        <Link className="button button-primary" href="/m">
          返回首页
        </Link>
      </div>
    </div>
  );
}
