import type { Metadata } from 'next';
import { OPS_TEXT } from '@/lib/shared/console-ops-text';
import { readFlash } from '@/lib/server/staff/flash';
import { requireStaff } from '@/lib/server/staff/page-session';
import { audioStorageView, synthesisQueue } from '@/lib/server/staff/listening';
import { MB } from '@/lib/server/audio/storage-cap';
import { ConsoleShell, formatTime, type SearchParams } from '../_components/shell';
import { enginesSection } from './engines-section';
import { VoiceListSection } from './voice-list-section';
import { voicesSection } from './voices-section';

export const metadata: Metadata = { title: OPS_TEXT.listening.heading };

const L = OPS_TEXT.listening;
const back = '/admin/listening';
const mb = (bytes: number) => (bytes / MB).toFixed(1);

function Who({ row }: { row: { chapterId: number; novelTitle: string; chapterTitle: string } }) {
  return (
    <>
      <td>{row.chapterId}</td>
      <td>{row.novelTitle}</td>
      <td>{row.chapterTitle}</td>
    </>
  );
}

// /admin/listening: the synthesis queue, re-voicing, audio storage and its cap, admins and editors
// (docs/listening.md "Operations").
export default async function ListeningPage({ searchParams }: { searchParams: SearchParams }) {
  const staff = await requireStaff('listening');
  const flash = readFlash(await searchParams);
  const [queue, storage] = await Promise.all([synthesisQueue(staff.actor), audioStorageView(staff.actor)]);
  const head = (...extra: string[]) => (
    <tr>
      <th>{L.chapter}</th>
      <th>{L.novel}</th>
      <th>{L.chapterTitle}</th>
      {extra.map((e) => (
        <th key={e}>{e}</th>
      ))}
    </tr>
  );
  return (
    <ConsoleShell staff={staff} current="listening" flash={flash}>
      <h1>{L.heading}</h1>
      {await enginesSection(staff.actor)}

      <h2>{L.queue}</h2>
      <h3>
        {L.running}（{queue.running.length}）
      </h3>
      {queue.running.length ? (
        <div className="table-wrap">
          <table data-testid="queue-running">
            <thead>{head(L.kind, L.since, L.segments)}</thead>
            <tbody>
              {queue.running.map((j) => (
                <tr key={j.chapterId}>
                  <Who row={j} />
                  <td>{L.priority[j.priority]}</td>
                  <td>{formatTime(j.since)}</td>
                  <td>{j.segments}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="meta">{L.empty}</p>
      )}
      <h3>
        {L.waiting}（{queue.waitingTotal}）
      </h3>
      {queue.waiting.length ? (
        <div className="table-wrap">
          <table data-testid="queue-waiting">
            <thead>{head(L.kind)}</thead>
            <tbody>
              {queue.waiting.map((j, i) => (
                <tr key={`${j.chapterId}-${i}`}>
                  <Who row={j} />
                  <td>{L.priority[j.priority]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="meta">{L.empty}</p>
      )}
      <h3>
        {L.failed}（{queue.failed.length}）
      </h3>
      {queue.failed.length ? (
        <div className="table-wrap">
          <table data-testid="queue-failed">
            <thead>{head(L.reason, L.since, '')}</thead>
            <tbody>
              {queue.failed.map((f) => (
                <tr key={f.chapterId}>
                  <Who row={f} />
                  <td>{f.reason}</td>
                  <td>{formatTime(f.at)}</td>
                  <td>
                    <form method="post" action="/admin/actions/listening">
                      <input type="hidden" name="op" value="retry" />
                      <input type="hidden" name="chapter" value={f.chapterId} />
                      <input type="hidden" name="back" value={back} />
                      <button type="submit" className="secondary">
                        {L.retry}
                      </button>
                    </form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="meta">{L.empty}</p>
      )}

      <VoiceListSection />

      <h2>{L.revoice}</h2>
      <form method="post" action="/admin/actions/listening" className="filters">
        <input type="hidden" name="op" value="revoice_chapter" />
        <input type="hidden" name="back" value={back} />
        <label>
          {L.revoiceChapter}
          <input name="chapter" inputMode="numeric" pattern="[0-9]+" required />
        </label>
        <button type="submit">{L.revoice}</button>
      </form>
      <form method="post" action="/admin/actions/listening" className="filters">
        <input type="hidden" name="op" value="revoice_novel" />
        <input type="hidden" name="back" value={back} />
        <label>
          {L.revoiceNovel}
          <input name="novel" inputMode="numeric" pattern="[0-9]+" required />
        </label>
        <button type="submit" className="danger">
          {L.revoice}
        </button>
      </form>

      <h2>{L.storage}</h2>
      <p data-testid="audio-usage">{L.used(mb(storage.bytes), storage.files, storage.chapters)}</p>
      <p className="meta">{L.cap(storage.cap === null ? null : Math.round(storage.cap / MB))}</p>
      {storage.last ? <p className="meta">{L.lastEviction(formatTime(storage.last.at), storage.last.evicted.length)}</p> : null}
      {storage.cap !== null ? (
        <form method="post" action="/admin/actions/listening">
          <input type="hidden" name="op" value="evict" />
          <input type="hidden" name="back" value={back} />
          <button type="submit" className="secondary">
            {L.evictNow}
          </button>
        </form>
      ) : null}
      <h3>{L.topNovels}</h3>
      {storage.topNovels.length ? (
        <div className="table-wrap">
          <table data-testid="audio-top">
            <thead>
              <tr>
                <th>{L.novel}</th>
                <th>{L.mb}</th>
                <th>{L.chapters}</th>
              </tr>
            </thead>
            <tbody>
              {storage.topNovels.map((n) => (
                <tr key={n.novelId}>
                  <td>
                    {n.novelId} {n.title}
                  </td>
                  <td>{mb(n.bytes)}</td>
                  <td>{n.chapters}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="meta">{L.empty}</p>
      )}
      {await voicesSection(staff.actor, back)}
    </ConsoleShell>
  );
}
