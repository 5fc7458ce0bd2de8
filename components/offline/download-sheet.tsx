'use client';

import { IntentLink as Link } from '@/components/ui/intent-link';
import { useState } from 'react';
import { ApiClientError } from '@/lib/client/api';
import { memberId } from '@/lib/client/identity';
import { requestListenHost } from '@/lib/client/listen/registry';
import { useOfflineManifest } from '@/lib/client/swr/use-offline-manifest';
import { downloadManifest, indexBytes, readIndex } from '@/lib/client/offline/downloads';
import type { OfflineManifest } from '@/lib/shared/dto/offline';
import { formatBytes, OFFLINE_TEXT } from '@/lib/shared/offline-text';
import { MSG } from '@/lib/shared/messages';
import { Dialog } from '../ui/dialog';
import './offline.css';

export interface DownloadSheetProps {
  novelId: number;
  /** The chapter the range starts at (the first chapter on the novel page). */
  startId: number;
  onClose: () => void;
}

const COUNTS = [3, 10, 20, 50] as const;

/** After 开始下载: the download's own progress, then its result. */
type Run = { kind: 'downloading'; done: number; total: number } | { kind: 'done'; bytes: number; failed: number; used: number };

type Phase = { kind: 'sizing' } | { kind: 'ready'; manifest: OfflineManifest } | Run | { kind: 'error'; message: string };

const supported = () => typeof caches !== 'undefined' && 'serviceWorker' in navigator;

/**
 * The download sheet (docs/offline.md "Downloading"): pick how many chapters, see what the server allows and how
 * big it is BEFORE anything is fetched, download, then see the storage used.
 */
export function DownloadSheet({ novelId, startId, onClose }: DownloadSheetProps) {
  const [count, setCount] = useState<number>(10);
  const [run, setRun] = useState<Run | null>(null);
  const sized = useOfflineManifest(novelId, startId, count, supported());
  const phase: Phase =
    run ??
    (sized.data
      ? { kind: 'ready', manifest: sized.data }
      : sized.error
        ? { kind: 'error', message: sized.error instanceof ApiClientError ? sized.error.message : MSG.serverBusy }
        : { kind: 'sizing' });

  async function start(manifest: OfflineManifest) {
    const id = Number(memberId());
    if (!id) return;
    const env = { caches, fetch: window.fetch.bind(window) };
    setRun({ kind: 'downloading', done: 0, total: manifest.chapters.length });
    const result = await downloadManifest(env, id, manifest, (done, total) => setRun({ kind: 'downloading', done, total }));
    // The players' code, loaded on demand, fetched now through the worker into its cache (offline it could not
    // be fetched): hls.js, and the listen host the /m layout mounts — mounted here by the layout's own import, so
    // the same build files the listen page loads (another import site may be split into other files).
    requestListenHost();
    await import('hls.js/light').catch(() => undefined);
    setRun({ kind: 'done', bytes: result.bytes, failed: result.failed.length, used: indexBytes(await readIndex(env, id)) });
  }

  const busy = phase.kind === 'downloading';
  return (
    <Dialog label={OFFLINE_TEXT.sheetTitle} onClose={() => !busy && onClose()}>
      <h2 className="dialog-title">{OFFLINE_TEXT.sheetTitle}</h2>
      {!supported() ? (
        <p className="dialog-body">{OFFLINE_TEXT.unsupported}</p>
      ) : (
        <div className="dialog-body offline-sheet">
          <label>
            {OFFLINE_TEXT.countLabel}{' '}
            <select value={count} disabled={busy || phase.kind === 'done'} onChange={(e) => setCount(Number(e.target.value))}>
              {COUNTS.map((n) => (
                <option key={n} value={n}>
                  {n}
                  {OFFLINE_TEXT.chaptersUnit}
                </option>
              ))}
            </select>
          </label>
          <SheetStatus phase={phase} />
        </div>
      )}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose} disabled={busy}>
          {phase.kind === 'done' ? OFFLINE_TEXT.close : OFFLINE_TEXT.cancel}
        </button>
        <button
          type="button"
          className="button button-primary"
          disabled={phase.kind !== 'ready' || !phase.manifest.chapters.length}
          onClick={() => phase.kind === 'ready' && void start(phase.manifest)}
        >
          {OFFLINE_TEXT.start}
        </button>
      </div>
    </Dialog>
  );
}

function SheetStatus({ phase }: { phase: Phase }) {
  if (phase.kind === 'sizing') return <p>{OFFLINE_TEXT.checking}</p>;
  if (phase.kind === 'error') return <p role="alert">{phase.message}</p>;
  if (phase.kind === 'downloading')
    return (
      <p role="status">
        {OFFLINE_TEXT.progress(phase.done, phase.total)} <progress value={phase.done} max={phase.total} />
      </p>
    );
  if (phase.kind === 'done')
    return (
      <div role="status">
        <p>{OFFLINE_TEXT.done(formatBytes(phase.bytes))}</p>
        {phase.failed ? <p>{OFFLINE_TEXT.failed(phase.failed)}</p> : null}
        <p>{OFFLINE_TEXT.storageUsed(formatBytes(phase.used))}</p>
        <Link href="/m/downloads">{OFFLINE_TEXT.pageTitle}</Link>
      </div>
    );
  const { manifest } = phase;
  const textOnly = manifest.chapters.filter((c) => !c.audio).length;
  return (
    <div data-testid="offline-size">
      {manifest.chapters.length ? (
        <p>{OFFLINE_TEXT.sizeBefore(manifest.chapters.length, formatBytes(manifest.total_bytes))}</p>
      ) : (
        <p>{OFFLINE_TEXT.nothing}</p>
      )}
      {manifest.excluded.length ? <p>{OFFLINE_TEXT.excluded(manifest.excluded.length)}</p> : null}
      {textOnly ? <p>{OFFLINE_TEXT.textOnly(textOnly)}</p> : null}
    </div>
  );
}
