'use client';

import { useEffect, useRef, useState } from 'react';
import type { GameLogDto, PrizeRecordDto } from '@/lib/shared/dto/activity';
import type { Paged } from '@/lib/shared/dto/wallet-records';
import { ACTIVITY_MSG as T, prizeRewardText } from '@/lib/shared/activity-text';
import { formatBusinessTime } from '@/lib/shared/business-time';
import { fetchRecordsPage } from '@/lib/client/reads/activity';
import { EmptyState } from '../wallet/empty-state';
import { Pager } from '../wallet/pager';
import { WHEEL_PATH } from './wheel-path';

type Row = PrizeRecordDto | GameLogDto;

const KINDS = {
  prizes: { empty: T.prizesEmpty, label: T.prizesTitle },
  gamelogs: { empty: T.gamelogsEmpty, label: T.gamelogsTitle },
} as const;

/**
 * 我的奖品 and 抽奖记录 (docs/activity-pages.md "My prizes and draws"): 20 a page with 加载更多, each row the prize,
 * its reward with unit (谢谢参与 for an empty draw) and the time (YYYY-MM-DD HH:mm, Asia/Shanghai). Empty: a way to
 * the wheel. The first page comes from the server render (`initial`) or loads in the browser behind placeholder rows.
 */
export function PrizeRecords({ kind, initial }: { kind: keyof typeof KINDS; initial?: Paged<Row> }) {
  const { empty, label } = KINDS[kind];
  const [items, setItems] = useState<Row[] | null>(initial?.data ?? null);
  const [hasmore, setHasmore] = useState(initial?.hasmore ?? false);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  const load = async (start: number) => {
    setLoading(true);
    setFailed(false);
    try {
      const page = await fetchRecordsPage(kind, start);
      setItems((prev) => (start === 0 ? page.data : [...(prev ?? []), ...page.data]));
      setHasmore(page.hasmore);
    } catch {
      // The error catalogue has told the reader; a first page that failed offers a retry.
      if (start === 0) setFailed(true);
    } finally {
      setLoading(false);
    }
  };

  useEffect(() => {
    if (started.current || initial) return;
    started.current = true;
    void load(0);
    // Once, on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!items) {
    if (failed) {
      return (
        <p className="a-error">
          {T.loadFailed}{' '}
          <button type="button" className="link-button" onClick={() => void load(0)}>
            {T.retry}
          </button>
        </p>
      );
    }
    return (
      <ul className="w-records" aria-busy="true" aria-label={T.loading}>
        {[0, 1, 2, 3, 4].map((i) => (
          <li key={i} className="w-record a-record-empty" />
        ))}
      </ul>
    );
  }
  if (!items.length) return <EmptyState text={empty} action={{ href: WHEEL_PATH, label: T.goWheel }} />;
  return (
    <>
      <ul className="w-records" aria-label={label}>
        {items.map((r) => (
          <li key={r.id} className="w-record">
            <div className="w-record-main">
              <span className="w-record-title">{r.name}</span>
              <span className="muted small">{formatBusinessTime(r.iso_created_at)}</span>
            </div>
            <div className="w-record-side">
              <span className={r.reward_type === 'none' ? 'muted' : 'w-amount w-gain'}>{prizeRewardText(r.reward, r.reward_type)}</span>
            </div>
          </li>
        ))}
      </ul>
      <Pager hasmore={hasmore} loading={loading} onMore={() => void load(items.length)} />
    </>
  );
}
