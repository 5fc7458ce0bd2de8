import { VOICES_TEXT as V } from '@/lib/shared/console-voices-text';
import type { StaffActor } from '@/lib/server/core/actor';
import { MB } from '@/lib/server/audio/storage-cap';
import { allVoices } from '@/lib/tts/registry';
import { languageVoiceRows, novelVoiceRows, voiceStorage } from '@/lib/server/staff/voice-defaults';

const ACTION = '/admin/actions/listening-voices';
const mb = (bytes: number) => (bytes / MB).toFixed(1);

/** A select of voices; `blank` the label of the empty choice (clear), or none when a voice is required. */
function VoiceSelect({ voices, chosen, blank }: { voices: { key: string; name: string }[]; chosen?: string | null; blank?: string }) {
  return (
    <select name="voice" defaultValue={chosen ?? ''} required={blank === undefined}>
      {blank !== undefined ? <option value="">{blank}</option> : null}
      {voices.map((v) => (
        <option key={v.key} value={v.key}>
          {v.name}（{v.key}）
        </option>
      ))}
    </select>
  );
}

// The voice part of /admin/listening (docs/listening.md "Voices on the console"): each language's default voice, a
// novel's default voice, pre-voicing a novel in a chosen voice, and the storage each voice takes. A function the page
// awaits (not an async component), so the page still renders in one synchronous pass.
export async function voicesSection(actor: StaffActor, back: string) {
  const [languages, novelRows, storage] = await Promise.all([languageVoiceRows(actor), novelVoiceRows(actor), voiceStorage(actor)]);
  const voices = allVoices();
  return (
    <section data-testid="voices-section">
      <h2>{V.heading}</h2>

      <h3>{V.languageDefaults}</h3>
      <p className="meta">{V.languageDefaultsHint}</p>
      {languages.map((row) => (
        <form key={row.languageType} method="post" action={ACTION} className="filters" data-testid={`voice-language-${row.languageType}`}>
          <input type="hidden" name="op" value="language_default" />
          <input type="hidden" name="language" value={row.languageType} />
          <input type="hidden" name="back" value={back} />
          <label>
            {V.languages[row.languageType]}
            {row.voices.length ? (
              <VoiceSelect voices={row.voices} chosen={row.chosen} blank={V.builtIn(row.builtIn?.name ?? '—')} />
            ) : (
              <span className="meta">{V.noVoiceForLanguage}</span>
            )}
          </label>
          {row.voices.length ? <button type="submit">{V.save}</button> : null}
        </form>
      ))}

      <h3>{V.novelDefault}</h3>
      <p className="meta">{V.novelDefaultHint}</p>
      <form method="post" action={ACTION} className="filters" data-testid="voice-novel">
        <input type="hidden" name="op" value="novel_default" />
        <input type="hidden" name="back" value={back} />
        <label>
          {V.novelId}
          <input name="novel" inputMode="numeric" pattern="[0-9]+" required />
        </label>
        <label>
          {V.voice}
          <VoiceSelect voices={voices} blank={V.followLanguage} />
        </label>
        <button type="submit">{V.save}</button>
      </form>
      {novelRows.length ? (
        <div className="table-wrap">
          <table data-testid="voice-novels">
            <caption>{V.novelsWithVoice}</caption>
            <thead>
              <tr>
                <th>{V.novel}</th>
                <th>{V.voice}</th>
              </tr>
            </thead>
            <tbody>
              {novelRows.map((n) => (
                <tr key={n.novelId}>
                  <td>
                    {n.novelId} {n.title}
                  </td>
                  <td>
                    {n.name ?? V.goneVoice}（{n.key}）
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}

      <h3>{V.prevoice}</h3>
      <p className="meta">{V.prevoiceHint}</p>
      <form method="post" action={ACTION} className="filters" data-testid="voice-prevoice">
        <input type="hidden" name="op" value="prevoice" />
        <input type="hidden" name="back" value={back} />
        <label>
          {V.novelId}
          <input name="novel" inputMode="numeric" pattern="[0-9]+" required />
        </label>
        <label>
          {V.voice}
          <VoiceSelect voices={voices} />
        </label>
        <button type="submit">{V.prevoiceGo}</button>
      </form>

      <h3>{V.storage}</h3>
      {storage.length ? (
        <div className="table-wrap">
          <table data-testid="voice-storage">
            <thead>
              <tr>
                <th>{V.voice}</th>
                <th>{V.mb}</th>
                <th>{V.chapters}</th>
              </tr>
            </thead>
            <tbody>
              {storage.map((row) => (
                <tr key={row.key ?? row.label}>
                  <td>
                    {row.label}
                    {row.key ? <span className="meta">（{row.key}）</span> : null}
                  </td>
                  <td>{mb(row.bytes)}</td>
                  <td>{row.chapters}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="meta">{V.empty}</p>
      )}
    </section>
  );
}
