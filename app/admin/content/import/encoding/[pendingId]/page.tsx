import type { Metadata } from 'next';
import { encodingName, IMPORT_TEXT as T } from '@/lib/shared/content-import-text';
import { ApiError } from '@/lib/server/core/errors';
import { viewPending, type PendingRow } from '@/lib/server/content/import/pending';
import { readFlash } from '@/lib/server/staff/flash';
import { requireStaff } from '@/lib/server/staff/page-session';
import { ConsoleShell, formatTime, type SearchParams } from '../../../../_components/shell';

export const metadata: Metadata = { title: T.chooseEncodingTitle };

const ACTION = '/admin/actions/import-draft';
const UPLOAD_PAGE = '/admin/content/import';

// /admin/content/import/encoding/{pendingId}: a TXT upload whose encoding the decoder could not decide, kept with the
// form as typed; its first lines read in each candidate encoding, each with a button that imports it in that one
// (docs/content.md "Encodings"). Only the uploader sees it.
export default async function ChooseEncodingPage({
  params,
  searchParams,
}: {
  params: Promise<{ pendingId: string }>;
  searchParams: SearchParams;
}) {
  const staff = await requireStaff('content');
  const flash = readFlash(await searchParams);
  const { pendingId } = await params;
  const id = /^\d{1,9}$/.test(pendingId) ? Number(pendingId) : 0;
  let pending: PendingRow | null = null;
  try {
    pending = id ? await viewPending(staff.actor, id) : null;
  } catch (err) {
    if (!(err instanceof ApiError) || err.status >= 500) throw err;
  }
  if (!pending) {
    return (
      <ConsoleShell staff={staff} current="contentImport" flash={flash}>
        <h1>{T.chooseEncodingTitle}</h1>
        <p role="alert">{T.pendingMissing}</p>
        <a href={UPLOAD_PAGE}>{T.pageTitle}</a>
      </ConsoleShell>
    );
  }
  const back = `/admin/content/import/encoding/${pending.id}`;
  return (
    <ConsoleShell staff={staff} current="contentImport" flash={flash}>
      <h1>{T.chooseEncodingTitle}</h1>
      <p className="meta">{T.chooseEncodingIntro(pending.candidates.map((c) => encodingName(c.encoding)))}</p>
      <p className="meta">
        <span>
          {T.fileName} {pending.fileName}
        </span>{' '}
        {pending.form.title ? (
          <span>
            {T.title} {pending.form.title}
          </span>
        ) : null}{' '}
        <span>
          {T.chooseEncodingExpires} {formatTime(pending.expiresAt)}
        </span>
      </p>
      {pending.candidates.map((c) => (
        <article className="item" key={c.encoding} data-testid={`import-encoding-${c.encoding}`}>
          <h2>{encodingName(c.encoding)}</h2>
          {c.lines.length ? (
            <ol className="content">
              {c.lines.map((line, i) => (
                <li key={i}>{line}</li>
              ))}
            </ol>
          ) : (
            <p className="meta">{T.chooseEncodingNoLines}</p>
          )}
          <form method="post" action={ACTION}>
            <input type="hidden" name="op" value="encoding" />
            <input type="hidden" name="pending" value={pending.id} />
            <input type="hidden" name="encoding" value={c.encoding} />
            <input type="hidden" name="back" value={back} />
            <button type="submit">{T.chooseEncodingUse(encodingName(c.encoding))}</button>
          </form>
        </article>
      ))}
      <a href={UPLOAD_PAGE}>{T.pageTitle}</a>
    </ConsoleShell>
  );
}
