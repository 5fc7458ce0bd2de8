'use client';

import { useState } from 'react';
import { requestDataExport } from '@/lib/client/actions/cancellation';
import { fetchDataExport } from '@/lib/client/reads/cancellation';
import { toast } from '@/lib/client/stores/toast-store';
import { CANCEL_TEXT } from '@/lib/shared/cancellation-text';
import { formatBusinessTime } from '@/lib/shared/business-time';
import type { DataExportLink, DataExportState } from '@/lib/shared/dto/cancellation';

const T = CANCEL_TEXT.data;

/**
 * 下载我的数据 (docs/account-cancellation.md "Data export"): the latest request's state, 申请下载, 刷新 while it is made,
 * and the one-time link once it is ready. The server page renders the first state, so nothing moves on hydration.
 */
export function DataExportPanel({ initial, initialLink }: { initial: DataExportState | null; initialLink: DataExportLink | null }) {
  const [current, setCurrent] = useState(initial);
  const [link, setLink] = useState(initialLink);
  const [busy, setBusy] = useState(false);

  async function request() {
    setBusy(true);
    try {
      setCurrent(await requestDataExport());
      setLink(null);
      toast(T.requested);
    } catch {
      // The error catalogue has shown the refusal (the daily limit).
    } finally {
      setBusy(false);
    }
  }

  async function refresh() {
    setBusy(true);
    try {
      const next = await fetchDataExport();
      setCurrent(next.export);
      setLink(next.link);
    } catch {
      // Shown by the error catalogue.
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card" aria-labelledby="export-title" data-testid="data-export">
      <h2 className="card-title" id="export-title">
        {T.title}
      </h2>
      <p className="muted small">{T.intro}</p>
      <p className="muted small">{T.rules}</p>
      {current ? (
        <dl className="export-state">
          <dt>{T.requestedAt}</dt>
          <dd>{formatBusinessTime(new Date(current.requested_at))}</dd>
          <dt>状态</dt>
          <dd data-testid="export-status">{T.status[current.status] ?? current.status}</dd>
          {current.status === 'ready' && current.expires_at ? (
            <>
              <dt>{T.expiresAt}</dt>
              <dd>{formatBusinessTime(new Date(current.expires_at))}</dd>
            </>
          ) : null}
        </dl>
      ) : (
        <p className="muted small">{T.none}</p>
      )}
      {link ? (
        <a
          className="button button-primary button-block"
          href={link.url}
          download
          onClick={() => {
            // The link works once: after this tap the file is gone from the server.
            setCurrent((c) => (c ? { ...c, status: 'downloaded' } : c));
            setLink(null);
          }}
        >
          {T.download}
        </a>
      ) : current?.status === 'pending' ? (
        <button type="button" className="button button-block" onClick={refresh} disabled={busy}>
          {T.refresh}
        </button>
      ) : (
        <button type="button" className="button button-primary button-block" onClick={request} disabled={busy}>
          {busy ? T.requesting : T.request}
        </button>
      )}
    </section>
  );
}
