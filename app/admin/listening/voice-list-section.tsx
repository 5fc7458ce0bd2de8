import { allVoices } from '@/lib/tts/registry';
import { voiceSampleUrl } from '@/lib/shared/audio';
import { VOICE_LIST_TEXT as T } from '@/lib/shared/console-voice-list-text';
import { VoiceSampleButton } from './voice-sample-button';

/**
 * The voices of every configured engine, each with 试听 (docs/speech-engines-local.md "Console"). An engine that is
 * not configured, or whose model failed to load, offers none and so is not listed.
 */
export function VoiceListSection() {
  const voices = allVoices();
  return (
    <section data-testid="voice-list">
      <h2>{T.heading}</h2>
      <p className="meta">{T.intro}</p>
      {voices.length ? (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th>{T.name}</th>
                <th>{T.key}</th>
                <th>{T.engine}</th>
                <th>{T.language}</th>
                <th>{T.gender}</th>
                <th>{T.listen}</th>
              </tr>
            </thead>
            <tbody>
              {voices.map((v) => (
                <tr key={v.key} data-voice={v.key}>
                  <td>{v.name}</td>
                  <td>
                    <code>{v.key}</code>
                  </td>
                  <td>{v.engine}</td>
                  <td>{T.languages[v.languageType] ?? v.language}</td>
                  <td>{T.genders[v.gender]}</td>
                  <td>
                    <VoiceSampleButton src={voiceSampleUrl(v.key)} name={v.name} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="meta">{T.empty}</p>
      )}
    </section>
  );
}
