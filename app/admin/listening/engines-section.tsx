import { ENGINES_TEXT as T } from '@/lib/shared/console-engines-text';
import { engineHealth, fallbackChapterList } from '@/lib/server/staff/engine-health';
import type { StaffActor } from '@/lib/server/core/actor';
import { formatTime } from '../_components/shell';

const count = (n: number) => n.toLocaleString('zh-CN');

/**
 * /admin/listening's "引擎" section (docs/speech-engines.md "Budget and health"): each engine, whether it is
 * configured, its voices, today's characters against its budget, requests, failures, paragraphs that fell back to
 * eSpeak, its real-time factor and its last error; then the chapters stored partly in eSpeak, each with a re-voice
 * button (the page's own revoice_chapter action). Called as a function by the page so the section's data is read
 * with the page's (the page renders it inline).
 */
export async function enginesSection(actor: StaffActor) {
  const [engines, fallbacks] = await Promise.all([engineHealth(actor), fallbackChapterList(actor)]);
  return (
    <section data-testid="engines">
      <h2>{T.heading}</h2>
      <div className="table-wrap">
        <table>
          <thead>
            <tr>
              <th>{T.engine}</th>
              <th>{T.state}</th>
              <th>{T.voices}</th>
              <th>{T.charsToday}</th>
              <th>{T.requests}</th>
              <th>{T.failures}</th>
              <th>{T.fallbacks}</th>
              <th>{T.rtf}</th>
              <th>{T.lastError}</th>
            </tr>
          </thead>
          <tbody>
            {engines.map((e) => (
              <tr key={e.id} data-engine={e.id}>
                <td>
                  {T.names[e.id] ?? e.id}
                  <br />
                  <span className="meta">{e.id}</span>
                </td>
                <td>
                  {e.configError
                    ? T.invalid(e.configError)
                    : e.configured
                      ? e.id === 'espeak-ng'
                        ? T.builtIn
                        : T.configured
                      : T.notConfigured}
                </td>
                <td>{e.configured ? e.voices : T.none}</td>
                <td>
                  {count(e.chars)} / {e.budget ? count(e.budget) : T.noBudget}
                </td>
                <td>{e.requests}</td>
                <td>{e.failures}</td>
                <td>{e.fallbacks}</td>
                <td>{e.rtf === null ? T.none : e.rtf.toFixed(3)}</td>
                <td>{e.lastError ? `${formatTime(e.lastError.at)} ${e.lastError.message}` : T.none}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="meta">{T.note}</p>
      <h3>
        {T.fallbackHeading}（{fallbacks.length}）
      </h3>
      <p className="meta">{T.fallbackNote}</p>
      {fallbacks.length ? (
        <div className="table-wrap">
          <table data-testid="engine-fallbacks">
            <thead>
              <tr>
                <th>{T.chapter}</th>
                <th>{T.novel}</th>
                <th>{T.chapterTitle}</th>
                <th>{T.engine}</th>
                <th>{T.fallbackParagraphs}</th>
                <th>{T.at}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {fallbacks.map((f) => (
                <tr key={f.key}>
                  <td>{f.chapterId}</td>
                  <td>{f.novelTitle}</td>
                  <td>{f.chapterTitle}</td>
                  <td>{T.names[f.engine] ?? f.engine}</td>
                  <td>
                    {f.fallbacks} / {f.paragraphs}
                  </td>
                  <td>{formatTime(f.at)}</td>
                  <td>
                    <form method="post" action="/admin/actions/listening">
                      <input type="hidden" name="op" value="revoice_chapter" />
                      <input type="hidden" name="chapter" value={f.chapterId} />
                      <input type="hidden" name="back" value="/admin/listening" />
                      <button type="submit" className="secondary">
                        {T.revoice}
                      </button>
                    </form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="meta">{T.noFallbacks}</p>
      )}
    </section>
  );
}
