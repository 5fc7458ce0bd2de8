'use client';

import { useContext, useEffect, useRef, useState } from 'react';
import { IntentLink as Link } from '@/components/ui/intent-link';
import { buyChapter, saveAutoBuy } from '@/lib/client/actions/purchases';
import { ApiClientError } from '@/lib/client/api';
import { fetchChapter } from '@/lib/client/reads/reader';
import { rememberBuyIntent, takeBuyIntent } from '@/lib/client/reader/buy-intent';
import { toast } from '@/lib/client/stores/toast-store';
import { useModalStore } from '@/lib/client/stores/modal-store';
import type { ReadChapter } from '@/lib/shared/dto/reading';
import { CODES } from '@/lib/shared/dto/envelope';
import { TOAST_MS } from '@/lib/shared/constants';
import { ReaderUnlock } from './reader-unlock';

/**
 * A locked chapter: its price, the wallet, "buy this chapter", the auto-buy switch, the whole-book offer and the
 * VIP-free notice. Buying calls the API and hands the unlocked chapter back, so the text appears without a reload.
 * A short balance (90001) is routed to recharge by the error catalogue; 90400 opens the whole-book modal.
 * docs/reading.md "Paywall": the teaser (one paragraph at most, when staff allow it) fades out above the panel; a
 * reader who tapped buy and went to recharge finds the chapter bought and open when they come back.
 */
export function Paywall({
  chapter,
  onUnlocked,
  withNav = false,
}: {
  chapter: ReadChapter;
  /** Without it (the server rendered this paywall into the reader), the reader's own, from ReaderUnlock. */
  onUnlocked?: (c: ReadChapter) => void;
  /** The reader's 上一章 / 目录 at the foot (the listen page has its own controls). */
  withNav?: boolean;
}) {
  const wall = chapter.paywall!;
  const fromReader = useContext(ReaderUnlock);
  const unlocked = (c: ReadChapter) => (onUnlocked ?? fromReader)?.(c);
  const [busy, setBusy] = useState(false);
  const [autoBuy, setAutoBuy] = useState(wall.auto_buy);
  const here = `/m/read/${chapter.id}?nid=${chapter.novel_id}`;
  // From the server, which knows who asks: the first render is the same there and here.
  const signedIn = wall.signed_in;
  const wholeBook = wall.buy_mode === 'whole_book';
  const resumed = useRef(false);

  // Back from a recharge this reader started by tapping buy here: buy now, once, if the coins are there.
  useEffect(() => {
    if (resumed.current || !signedIn || wholeBook) return;
    resumed.current = true;
    if (takeBuyIntent(chapter.id) && wall.afford) void buy();
    // Once per chapter shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chapter.id]);

  async function buy() {
    if (!wholeBook) rememberBuyIntent(chapter.id);
    setBusy(true);
    try {
      const reread = async () => unlocked(await fetchChapter(chapter.id, chapter.novel_id));
      if (wholeBook) {
        // The whole-book modal buys; afterwards this chapter (and every other) opens in place.
        useModalStore.getState().open('novel-buy', { novelId: chapter.novel_id, price: wall.price, onDone: () => void reread() });
        return;
      }
      await buyChapter(chapter.novel_id, chapter.id);
      // Bought: nothing left to resume after a recharge.
      takeBuyIntent(chapter.id);
      await reread();
      toast('购买成功', { length: 'short' });
      // A first purchase may have earned a surprise (docs/activity-pages.md "Surprises"); quiet, after the toast.
      setTimeout(() => void import('@/lib/client/activity').then((m) => m.checkSurprises(['first_purchase'])), TOAST_MS.short);
    } catch (err) {
      // Only a short balance keeps the intent (the reader is on the way to recharge); any other refusal drops it.
      if (!(err instanceof ApiClientError) || err.code !== CODES.paymentNeeded) takeBuyIntent(chapter.id);
      if (!(err instanceof ApiClientError)) throw err;
    } finally {
      setBusy(false);
    }
  }

  function openBatch() {
    // The reader continues: when this chapter is among those bought, it opens in place.
    useModalStore.getState().open('batch-buy', {
      novelId: chapter.novel_id,
      articleId: chapter.id,
      onDone: (bought) => {
        if (bought.includes(chapter.id)) void fetchChapter(chapter.id, chapter.novel_id).then(unlocked);
      },
    });
  }

  function openChapters() {
    useModalStore
      .getState()
      .open('chapters', { novelId: chapter.novel_id, currentArticleId: chapter.id, currentIdx: chapter.idx, dir: chapter.novel.dir });
  }

  async function toggleAutoBuy(enabled: boolean) {
    setAutoBuy(enabled);
    await saveAutoBuy(chapter.novel_id, enabled).catch(() => setAutoBuy(!enabled));
  }

  return (
    <>
      {wall.teaser ? (
        <p className="paywall-teaser" lang={chapter.novel.language_type === 0 ? 'ug' : chapter.novel.language_type === 2 ? 'bo' : 'zh-CN'}>
          {wall.teaser}
        </p>
      ) : null}
      <section className="paywall" aria-labelledby="paywall-title">
        <h2 id="paywall-title" className="paywall-title">
          {wholeBook ? '本书需全本购买后阅读' : '本章为付费章节'}
        </h2>
        <p className="paywall-price">
          {wholeBook ? '全本价格' : '本章价格'} <strong>{wall.price}</strong> 书币
        </p>
        {signedIn ? (
          <>
            <p className="muted small paywall-balance">
              余额：{wall.welth} 书币 + {wall.welth_coupon} 书券（优先使用书券）
            </p>
            <button type="button" className="button button-primary button-block" onClick={buy} disabled={busy}>
              {busy ? '正在处理' : wholeBook ? `购买全本（${wall.price}书币）` : wall.afford ? '购买本章' : '余额不足，去充值'}
            </button>
            {!wholeBook ? (
              <button type="button" className="button button-block paywall-batch" onClick={openBatch}>
                批量购买
              </button>
            ) : null}
            {!wholeBook ? (
              <label className="paywall-auto">
                <input type="checkbox" checked={autoBuy} onChange={(e) => void toggleAutoBuy(e.target.checked)} />
                自动购买下一章
              </label>
            ) : null}
          </>
        ) : (
          <Link className="button button-primary button-block" href={`/m/login?next=${encodeURIComponent(here)}`}>
            登录后购买
          </Link>
        )}
        {wall.vip_free ? (
          <p className="paywall-vip">
            <Link href="/m/vip">开通VIP，本书全部章节免费读</Link>
          </p>
        ) : null}
        {!wholeBook && wall.whole_book_price ? <p className="muted small">也可购买全本：{wall.whole_book_price} 书币</p> : null}
        {/* Reachable without first tapping the page to show the bars: a signed-out reader's way back (docs/reading.md "Paywall"). */}
        {withNav ? (
          <nav className="paywall-nav" aria-label="返回与目录">
            {chapter.prev_id ? (
              <Link className="button" href={`/m/read/${chapter.prev_id}?nid=${chapter.novel_id}`}>
                上一章
              </Link>
            ) : null}
            <button type="button" className="button" onClick={openChapters}>
              目录
            </button>
          </nav>
        ) : null}
      </section>
    </>
  );
}
