'use client';

import { IntentLink as Link } from '@/components/ui/intent-link';
import { Cover } from '@/components/novel/cover';
import { Dialog } from '@/components/ui/dialog';
import { listLocal, type LocalEntry } from '@/lib/client/local-history';
import { useModalStore } from '@/lib/client/stores/modal-store';
import { useReadlogs } from '@/lib/client/swr/use-readlogs';
import { useSignedIn } from '@/lib/client/use-signed-in';
import { PAGE_SIZE } from '@/lib/shared/constants';
import { readerHref } from '@/lib/shared/reader-links';

type Recent = Pick<LocalEntry, 'nid' | 'aid' | 'idx' | 'title' | 'article' | 'thumb'>;

/** The read-continue modal (20 recent, docs/reading.md "Reader"): the account's history when signed in, this browser's otherwise. */
export function ReadContinueModal() {
  const close = useModalStore((s) => s.close);
  const signedIn = useSignedIn();
  const { data, isLoading } = useReadlogs(signedIn, { readType: 1, limit: PAGE_SIZE.readContinue });
  const recent: Recent[] = signedIn
    ? (data?.data ?? []).map((r) => ({ nid: r.nid, aid: r.aid, idx: r.idx, title: r.title, article: r.article, thumb: r.thumb }))
    : listLocal().slice(0, PAGE_SIZE.readContinue);
  return (
    <Dialog label="最近阅读" onClose={close}>
      <div className="modal-head">
        <h2 className="modal-title">最近阅读</h2>
      </div>
      <div className="modal-scroll">
        {recent.length === 0 ? (
          <p className="muted">{isLoading ? '正在加载…' : '还没有阅读记录'}</p>
        ) : (
          <ul className="recent-list">
            {recent.map((r) => (
              <li key={r.nid}>
                <Link href={readerHref(r.nid, r.aid, r.idx)} onClick={close}>
                  <Cover src={r.thumb} width={40} height={53} />
                  <span className="recent-text">
                    <bdi className="recent-title">{r.title}</bdi>
                    <span className="muted small">
                      读到：<bdi>{r.article}</bdi>
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Dialog>
  );
}
