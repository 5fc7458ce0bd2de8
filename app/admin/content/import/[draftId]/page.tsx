import type { Metadata } from 'next';
import { encodingName, IMPORT_TEXT as T } from '@/lib/shared/content-import-text';
import { readId } from '@/lib/shared/page-params';
import { ApiError } from '@/lib/server/core/errors';
import { viewImportDraft, type DraftView } from '@/lib/server/content/import/drafts';
import { importedTts } from '@/lib/server/content/voicing';
import { readFlash } from '@/lib/server/staff/flash';
import { requireStaff } from '@/lib/server/staff/page-session';
import { ConsoleShell, formatTime, pageNumber, type SearchParams } from '../../../_components/shell';

export const metadata: Metadata = { title: T.previewTitle };

const ACTION = '/admin/actions/import-draft';
// A plain link: the console is plain HTML pages, no client router.
const UPLOAD_PAGE = '/admin/content/import';

function Hidden({ draft, chapter, back }: { draft: number; chapter?: number; back: string }) {
  return (
    <>
      <input type="hidden" name="draft" value={draft} />
      {chapter ? <input type="hidden" name="chapter" value={chapter} /> : null}
      <input type="hidden" name="back" value={back} />
    </>
  );
}

// /admin/content/import/{draftId}?page=: the detected chapters of the signed-in staff member's own draft, 100 a page,
// each with rename, merge into the previous one and split at a line, and the EPUB pages left out, each with
// 收回为章节; then 保存为新书 (docs/content.md "Import").
export default async function ImportDraftPage({
  params,
  searchParams,
}: {
  params: Promise<{ draftId: string }>;
  searchParams: SearchParams;
}) {
  const staff = await requireStaff('content');
  const query = await searchParams;
  const flash = readFlash(query);
  const { draftId } = await params;
  const id = readId(draftId);
  const page = pageNumber(query.page);
  let view: DraftView | null = null;
  try {
    view = id ? await viewImportDraft(staff.actor, id, page) : null;
  } catch (err) {
    if (!(err instanceof ApiError) || err.status >= 500) throw err;
  }
  if (!view) {
    return (
      <ConsoleShell staff={staff} current="contentImport" flash={flash}>
        <h1>{T.previewTitle}</h1>
        <p role="alert">{T.draftMissing}</p>
        <a href={UPLOAD_PAGE}>{T.pageTitle}</a>
      </ConsoleShell>
    );
  }
  const { draft, chapters } = view;
  const back = `/admin/content/import/${draft.id}${view.page > 1 ? `?page=${view.page}` : ''}`;
  return (
    <ConsoleShell staff={staff} current="contentImport" flash={flash}>
      <h1>
        {T.previewTitle}：{draft.meta.title}
      </h1>
      <p className="meta">
        <span>
          {T.fileName} {draft.fileName}
        </span>{' '}
        <span>
          {T.encoding} {encodingName(draft.encoding)}
        </span>{' '}
        <span>{T.chapters(view.chapterCount)}</span> <span>{T.words(view.wordCount)}</span>{' '}
        <span>
          {T.languages[draft.meta.languageType]} · {draft.meta.author}
        </span>{' '}
        <span>{T.ttsState(importedTts(draft.meta))}</span>{' '}
        <span>
          {T.expires} {formatTime(draft.expiresAt)}
        </span>
      </p>
      {draft.intro ? (
        <details>
          <summary>{T.introLabel}</summary>
          <p className="content">{draft.intro}</p>
        </details>
      ) : null}
      {view.skipped.length ? (
        <div className="skipped">
          {T.skippedLabel}
          <ul>
            {view.skipped.map((s) => (
              <li key={s.idx} data-testid={`import-skipped-${s.idx}`}>
                <span>{s.title}</span>
                {s.firstLine && s.firstLine !== s.title ? <span className="meta">{s.firstLine}</span> : null}
                <form method="post" action={ACTION}>
                  <input type="hidden" name="op" value="restore" />
                  <input type="hidden" name="skipped" value={s.idx} />
                  <Hidden draft={draft.id} back={back} />
                  <button type="submit" className="secondary">
                    {T.restoreSkipped}
                  </button>
                </form>
              </li>
            ))}
          </ul>
        </div>
      ) : draft.meta.skipped?.length ? (
        // A draft from before skipped pages were kept: their titles only.
        <div className="skipped">
          {T.skippedLabel}
          <ul>
            {draft.meta.skipped.map((title, i) => (
              <li key={i}>{title}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="actions">
        <form method="post" action={ACTION}>
          <input type="hidden" name="op" value="save" />
          <Hidden draft={draft.id} back={back} />
          <button type="submit">{T.save}</button>
        </form>
        {/* Asks before deleting, without script: the button that posts is inside the opened disclosure. */}
        <details className="confirm-discard">
          <summary className="danger">{T.discard}</summary>
          <form method="post" action={ACTION}>
            <p role="alert">{T.discardAsk}</p>
            <input type="hidden" name="op" value="discard" />
            <input type="hidden" name="confirm" value="1" />
            <Hidden draft={draft.id} back={UPLOAD_PAGE} />
            <button type="submit" className="danger">
              {T.discardYes}
            </button>
          </form>
        </details>
      </div>

      <div className="import-chapters">
        {chapters.map((c) => (
          <article className="item" key={c.id} data-testid={`import-chapter-${c.position + 1}`}>
            <form method="post" action={ACTION} className="filters">
              <input type="hidden" name="op" value="rename" />
              <Hidden draft={draft.id} chapter={c.id} back={back} />
              <label>
                {T.position} {c.position + 1} · {T.chapterTitle}
                <input name="title" required maxLength={128} defaultValue={c.title} />
              </label>
              <button type="submit" className="secondary">
                {T.rename}
              </button>
            </form>
            <p className="meta">
              <span>
                {T.firstLine}：{c.firstLine || '—'}
              </span>
              <span>{T.words(c.wordCount)}</span>
              <span>{T.lines(c.lines)}</span>
            </p>
            <div className="actions">
              {c.position > 0 ? (
                <form method="post" action={ACTION}>
                  <input type="hidden" name="op" value="merge" />
                  <Hidden draft={draft.id} chapter={c.id} back={back} />
                  <button type="submit" className="secondary">
                    {T.merge}
                  </button>
                </form>
              ) : null}
              {c.lines > 0 ? (
                <form method="post" action={ACTION}>
                  <input type="hidden" name="op" value="split" />
                  <Hidden draft={draft.id} chapter={c.id} back={back} />
                  <label>
                    {T.splitAt}
                    <input name="line" type="number" min={1} max={c.lines} required inputMode="numeric" />
                  </label>
                  <button type="submit" className="secondary">
                    {T.split}
                  </button>
                </form>
              ) : null}
            </div>
          </article>
        ))}
      </div>
      {view.pages > 1 ? (
        <nav className="pager">
          {view.page > 1 ? <a href={`/admin/content/import/${draft.id}?page=${view.page - 1}`}>{T.prev}</a> : null}
          <span>{T.pageOf(view.page, view.pages)}</span>
          {view.page < view.pages ? <a href={`/admin/content/import/${draft.id}?page=${view.page + 1}`}>{T.next}</a> : null}
        </nav>
      ) : null}
    </ConsoleShell>
  );
}
