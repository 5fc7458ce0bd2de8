// The console's voice list (docs/speech-engines-local.md "Console"): every voice of every configured engine, with
// a 试听 that points at the voice's sample endpoint.
import { renderToStaticMarkup } from 'react-dom/server';
import { VoiceListSection } from '@/app/admin/listening/voice-list-section';
import { allVoices } from '@/lib/tts/registry';

describe('the console voice list', () => {
  it('lists each configured voice with its key, engine, language, gender and a 试听 for its sample', () => {
    const html = renderToStaticMarkup(VoiceListSection());
    const rows = [...html.matchAll(/<tr data-voice="([^"]+)">(.*?)<\/tr>/g)];
    expect(rows.map((r) => r[1])).toEqual(allVoices().map((v) => v.key));
    expect(rows.length).toBeGreaterThanOrEqual(5);
    const female = rows.find((r) => r[1] === 'espeak-ng:cmn+f3')![2]!;
    for (const cell of [
      '普通话 · 女声',
      '<code>espeak-ng:cmn+f3</code>',
      'espeak-ng',
      '中文',
      '<td>女</td>',
      'aria-label="试听 普通话 · 女声"',
    ])
      expect(female).toContain(cell);
    expect(female).toContain('src="/audio/voices/espeak-ng%3Acmn%2Bf3/sample"');
    expect(rows.find((r) => r[1] === 'espeak-ng:ug')![2]).toContain('维吾尔语');
  });
});
