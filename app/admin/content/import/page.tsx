import type { Metadata } from 'next';
import { IMPORT_TEXT as T } from '@/lib/shared/content-import-text';
import { IMPORT_ENCODINGS } from '@/lib/shared/schemas/content-import';
import { importCategories, listImportDrafts, MAX_IMPORT_BYTES } from '@/lib/server/content/import/drafts';
import { readFlash } from '@/lib/server/staff/flash';
import { requireStaff } from '@/lib/server/staff/page-session';
import { ConsoleShell, formatTime, type SearchParams } from '../../_components/shell';
import { voicedLanguages } from '@/lib/server/content/voicing';
import { UploadProgress } from './upload-progress';
import { TtsChoice } from './tts-choice';

export const metadata: Metadata = { title: T.pageTitle };

// /admin/content/import: the upload form (a plain multipart post; a small island shows the upload's progress, another
// follows the language with the 听书 checkbox) and the staff member's own drafts (docs/content.md "Import",
// "Listening"). Admin and editor roles.
export default async function ImportPage({ searchParams }: { searchParams: SearchParams }) {
  const staff = await requireStaff('content');
  const flash = readFlash(await searchParams);
  const [cats, drafts] = await Promise.all([importCategories(), listImportDrafts(staff.actor)]);
  return (
    <ConsoleShell staff={staff} current="contentImport" flash={flash}>
      <h1>{T.pageTitle}</h1>
      <p className="meta">{T.intro}</p>
      <form method="post" action="/admin/actions/import-upload" encType="multipart/form-data" className="filters import-form">
        <label>
          {T.file}
          <input type="file" name="file" required accept=".txt,.epub,text/plain,application/epub+zip" />
        </label>
        <label>
          {T.encodingField}
          <select name="encoding" defaultValue="">
            <option value="">{T.encodingAuto}</option>
            {IMPORT_ENCODINGS.map((e) => (
              <option key={e} value={e}>
                {T.encodings[e]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {T.cover}
          <input type="file" name="cover" accept="image/png,image/jpeg,image/webp" />
        </label>
        <label>
          {T.title}
          <input name="title" maxLength={128} />
        </label>
        <label>
          {T.language}
          <select name="language_type" defaultValue="1">
            {[1, 0, 2].map((l) => (
              <option key={l} value={l}>
                {T.languages[l]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {T.category}
          <select name="category_id" required defaultValue={cats.find((c) => c.languageType === 1)?.id}>
            {cats.map((c) => (
              <option key={c.id} value={c.id}>
                {T.languages[c.languageType]} · {c.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          {T.gender}
          <select name="gender" defaultValue="1">
            {[1, 2].map((g) => (
              <option key={g} value={g}>
                {T.genders[g]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {T.author}
          <input name="author" maxLength={64} />
        </label>
        <label>
          {T.tags}
          <input name="tags" maxLength={400} />
        </label>
        <label>
          {T.copyrightHolder}
          <input name="copyright_holder" maxLength={64} />
        </label>
        <label>
          {T.editor}
          <input name="editor" maxLength={32} defaultValue={staff.displayName.slice(0, 32)} />
        </label>
        <TtsChoice voiced={voicedLanguages()} />
        <label>
          {T.summary}
          <textarea name="summary" maxLength={2000} rows={3} />
        </label>
        <button type="submit">{T.upload}</button>
        <UploadProgress maxBytes={MAX_IMPORT_BYTES} />
      </form>

      <h2>{T.drafts}</h2>
      {drafts.length === 0 ? <p className="meta">{T.noDrafts}</p> : null}
      {drafts.map((d) => (
        <article className="item" key={d.id} data-testid={`import-draft-${d.id}`}>
          <div className="meta">
            <strong>
              #{d.id} {d.meta.title}
            </strong>
            <span>{d.fileName}</span>
            <span>{T.chapters(Number(d.chapters))}</span>
            <span>
              {T.expires} {formatTime(d.expiresAt)}
            </span>
            <a href={`/admin/content/import/${d.id}`}>{T.open}</a>
          </div>
        </article>
      ))}
    </ConsoleShell>
  );
}
