import type { Metadata } from 'next';
import { MINORS_TEXT } from '@/lib/shared/minors-text';
import { notFound } from 'next/navigation';
import { CONTENT_EDIT_TEXT as C } from '@/lib/shared/content-edit-text';
import { readId } from '@/lib/shared/page-params';
import { MAX_CHAPTER_PRICE, MAX_WHOLE_BOOK_PRICE } from '@/lib/server/content/edit';
import { chaptersForStaff, novelForStaff } from '@/lib/server/content/console-reads';
import { chapterAudioStates, languageHasVoice } from '@/lib/server/content/voicing';
import { contentTimeValue } from '@/lib/server/content/time';
import { uploadedCoverFile } from '@/lib/server/content/cover-edit';
import { readFlash } from '@/lib/server/staff/flash';
import { requireStaff } from '@/lib/server/staff/page-session';
import { ConsoleShell, type SearchParams } from '../../../_components/shell';
import { AudioState } from './audio-state';

export const metadata: Metadata = { title: C.novelsTitle };

const ACTION = '/admin/actions/content-edit';
const LIST = '/admin/content/novels';
/** Chapters whose audio state the edit page shows; the chapter list shows every one, a page at a time. */
const AUDIO_ROWS = 20;

const Y = MINORS_TEXT.console;

function Hidden({ op, id, back }: { op: string; id: number; back: string }) {
  return (
    <>
      <input type="hidden" name="op" value={op} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="back" value={back} />
    </>
  );
}

// /admin/content/novels/{nid}: one novel's cover (upload, replace, back to the generated one), metadata, shelf, 听书 switch with the first chapters' audio state, how it
// is sold, prices by chapter range and a new chapter at the end (docs/content.md "Editing", "Listening"). Every block
// is its own plain form.
export default async function ContentNovelPage({ params, searchParams }: { params: Promise<{ nid: string }>; searchParams: SearchParams }) {
  const staff = await requireStaff('content');
  const raw = (await params).nid;
  const id = readId(raw);
  if (!id) notFound();
  const flash = readFlash(await searchParams);
  const data = await novelForStaff(staff.actor, id);
  if (!data) notFound();
  const { novel, author, categories, lastIdx, chapterTotal } = data;
  const back = `/admin/content/novels/${id}`;
  const uploaded = uploadedCoverFile(id, novel.thumb) !== null;
  const hasVoice = languageHasVoice(novel.languageType);
  const firstChapters = (await chaptersForStaff(staff.actor, id, 1)).rows.slice(0, AUDIO_ROWS);
  const audio = await chapterAudioStates(
    staff.actor,
    id,
    firstChapters.map((c) => c.id),
  );
  return (
    <ConsoleShell staff={staff} current="content" flash={flash}>
      <p>
        <a href={LIST}>{C.back}</a>
      </p>
      <h1>
        {novel.title} <span className="meta">#{novel.id}</span> {novel.isOffShelf ? <span className="badge">{C.offShelf}</span> : null}
      </h1>
      <p className="meta">
        {C.chapters} {novel.articleCount} / {chapterTotal} · {C.words} {novel.wordCount} ·{' '}
        <a href={`/admin/content/novels/${id}/chapters`}>{C.chaptersTitle}</a>
      </p>

      <h2>{C.coverTitle}</h2>
      <div className="item" data-testid="cover">
        <img src={novel.thumb} alt={C.coverAlt(novel.title)} width={120} height={160} data-testid="cover-image" />
        <p className="meta">{uploaded ? C.coverUploadedNote : C.coverGeneratedNote}</p>
        <form method="post" action={ACTION} encType="multipart/form-data" className="actions" data-testid="cover-form">
          <Hidden op="cover" id={id} back={back} />
          <label>
            {C.coverFile}
            <input type="file" name="cover" required accept="image/png,image/jpeg,image/webp" />
          </label>
          <button type="submit">{uploaded ? C.coverReplace : C.coverUpload}</button>
        </form>
        {uploaded ? (
          <form method="post" action={ACTION} className="actions" data-testid="cover-remove-form">
            <Hidden op="cover_remove" id={id} back={back} />
            <button type="submit" className="danger">
              {C.coverRemove}
            </button>
          </form>
        ) : null}
      </div>

      <h2>{C.shelfTitle}</h2>
      <form method="post" action={ACTION} className="item actions">
        <Hidden op="shelf" id={id} back={back} />
        <p className="meta">{C.shelfNote}</p>
        <input type="hidden" name="off" value={novel.isOffShelf ? '0' : '1'} />
        <button type="submit" className={novel.isOffShelf ? undefined : 'danger'}>
          {novel.isOffShelf ? C.putOn : C.takeOff}
        </button>
      </form>

      <h2>{Y.suitableTitle}</h2>
      <form method="post" action={ACTION} className="item actions" data-testid="minors-form">
        <Hidden op="minors" id={id} back={back} />
        <p>
          <strong>{novel.minorsSuitable ? Y.suitableOn : Y.suitableOff}</strong>
        </p>
        <p className="meta">{Y.suitableNote}</p>
        <input type="hidden" name="on" value={novel.minorsSuitable ? '0' : '1'} />
        <button type="submit" className={novel.minorsSuitable ? 'danger' : undefined}>
          {novel.minorsSuitable ? Y.unmarkSuitable : Y.markSuitable}
        </button>
      </form>

      <h2>{C.ttsTitle}</h2>
      <form method="post" action={ACTION} className="item actions" data-testid="tts-form">
        <Hidden op="tts" id={id} back={back} />
        <p>
          <strong>{novel.hasTts ? C.ttsOn : C.ttsOff}</strong>
        </p>
        <p className="meta">{hasVoice ? C.ttsNote : C.ttsNoVoiceNote(C.languages[novel.languageType] ?? '')}</p>
        <input type="hidden" name="on" value={novel.hasTts ? '0' : '1'} />
        <button type="submit" className={novel.hasTts ? 'danger' : undefined} disabled={!novel.hasTts && !hasVoice}>
          {novel.hasTts ? C.ttsSwitchOff : C.ttsSwitchOn}
        </button>
      </form>
      <h3>{C.audioTitle}</h3>
      {firstChapters.length ? (
        <div className="table-wrap">
          <table data-testid="chapter-audio">
            <thead>
              <tr>
                <th scope="col">{C.chapterIdx}</th>
                <th scope="col">{C.chapterTitle}</th>
                <th scope="col">{C.audioState}</th>
              </tr>
            </thead>
            <tbody>
              {firstChapters.map((c) => (
                <tr key={c.id} data-testid={`audio-${c.idx}`}>
                  <td className="num">{c.idx}</td>
                  <td>{c.title}</td>
                  <td>
                    <AudioState state={audio?.get(c.id)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="meta">{C.noChapters}</p>
      )}
      {chapterTotal > firstChapters.length ? (
        <p>
          <a href={`/admin/content/novels/${id}/chapters`}>{C.audioAll}</a>
        </p>
      ) : null}

      <h2>{C.metaTitle}</h2>
      <form method="post" action={ACTION} className="item compose">
        <Hidden op="meta" id={id} back={back} />
        <label>
          {C.title}
          <input name="title" required maxLength={128} defaultValue={novel.title} />
        </label>
        <label>
          {C.author}
          <input name="author" required maxLength={64} defaultValue={author} />
        </label>
        <label>
          {C.summary}
          <textarea name="summary" maxLength={2000} rows={4} defaultValue={novel.summary} />
        </label>
        <label>
          {C.language}
          <select name="language_type" defaultValue={String(novel.languageType)}>
            {C.languages.map((name, i) => (
              <option key={i} value={i}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label>
          {C.category}
          <select name="category_id" defaultValue={String(novel.categoryId)}>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {C.languages[c.languageType]} · {c.name} · {C.genders[c.gender]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {C.gender}
          <select name="gender" defaultValue={String(novel.gender)}>
            <option value="1">{C.genders[1]}</option>
            <option value="2">{C.genders[2]}</option>
          </select>
        </label>
        <label>
          {C.tags}
          <input name="tags" maxLength={400} defaultValue={novel.tags.join('，')} />
        </label>
        <label>
          {C.status}
          <select name="status" defaultValue={String(novel.status)}>
            <option value="0">{C.serializing}</option>
            <option value="1">{C.finished}</option>
          </select>
        </label>
        <label>
          {C.copyrightHolder}
          <input name="copyright_holder" maxLength={64} defaultValue={novel.copyrightHolder} />
        </label>
        <label>
          {C.editor}
          <input name="editor" maxLength={32} defaultValue={novel.editor} />
        </label>
        <label>
          {C.coverTag}
          <input name="cover_tag" maxLength={16} defaultValue={novel.coverTag ?? ''} />
        </label>
        <button type="submit">{C.save}</button>
      </form>

      <h2>{C.saleTitle}</h2>
      <form method="post" action={ACTION} className="item compose" data-testid="sale-form">
        <Hidden op="sale" id={id} back={back} />
        <label>
          {C.saleMode}
          <select name="sale_mode" defaultValue={novel.saleMode}>
            {Object.entries(C.saleModes).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label>
          {C.wholeBookPrice}
          <input
            name="whole_book_price"
            type="number"
            min={1}
            max={MAX_WHOLE_BOOK_PRICE}
            step={1}
            defaultValue={novel.wholeBookPrice ?? ''}
          />
        </label>
        <label>
          {C.freeFrom}
          <input name="free_from" type="datetime-local" defaultValue={contentTimeValue(novel.freeFrom)} />
        </label>
        <label>
          {C.freeUntil}
          <input name="free_until" type="datetime-local" defaultValue={contentTimeValue(novel.freeUntil)} />
        </label>
        <label className="check">
          <input type="checkbox" name="vip_free" defaultChecked={novel.vipFree} /> {C.vipFree}
        </label>
        <button type="submit">{C.save}</button>
      </form>

      <h2>{C.rangeTitle}</h2>
      <form method="post" action={ACTION} className="item compose" data-testid="range-form">
        <Hidden op="range" id={id} back={back} />
        <p className="meta">{C.rangeNote}</p>
        <label>
          {C.rangeFrom}
          <input name="from" type="number" required min={1} max={lastIdx || 1} step={1} />
        </label>
        <label>
          {C.rangeTo}
          <input name="to" type="number" required min={1} max={lastIdx || 1} step={1} defaultValue={lastIdx || ''} />
        </label>
        <label className="check">
          <input type="checkbox" name="free" /> {C.rangeFree}
        </label>
        <label>
          {C.rangePrice}
          <input name="price" type="number" min={1} max={MAX_CHAPTER_PRICE} step={1} />
        </label>
        <button type="submit">{C.applyRange}</button>
      </form>

      <h2>{C.newChapter}</h2>
      <form method="post" action={ACTION} encType="multipart/form-data" className="item compose" data-testid="new-chapter-form">
        <Hidden op="create" id={id} back={back} />
        <label>
          {C.chapterTitle}
          <input name="title" required maxLength={128} defaultValue={`第${lastIdx + 1}章 `} />
        </label>
        <label>
          {C.chapterText}
          <textarea name="content" required rows={10} />
        </label>
        <label className="check">
          <input type="checkbox" name="free" defaultChecked /> {C.free}
        </label>
        <label>
          {C.price}
          <input name="price" type="number" min={1} max={MAX_CHAPTER_PRICE} step={1} />
        </label>
        <label>
          {C.publishAt}
          <input name="publish_at" type="datetime-local" />
        </label>
        <button type="submit">{C.create}</button>
      </form>
    </ConsoleShell>
  );
}
