import { closeEspeakEngine, ESPEAK_ENGINE_ID, espeakEngine } from './espeak-engine';
import type { VoiceProfile } from './engine';

afterAll(() => closeEspeakEngine());

async function speak(voice: VoiceProfile, text = voice.sample): Promise<Int16Array> {
  const parts: Int16Array[] = [];
  const total = await espeakEngine().synthesize(text, voice, { priority: 'now', onPcm: (pcm) => parts.push(pcm) });
  const pcm = new Int16Array(total);
  let offset = 0;
  for (const part of parts) {
    pcm.set(part, offset);
    offset += part.length;
  }
  return pcm;
}

/** Sign changes per second over the voiced parts: a crude but monotone stand-in for pitch and brightness. */
function crossingsPerSecond(pcm: Int16Array, rate: number): number {
  let crossings = 0;
  let voiced = 0;
  for (let i = 1; i < pcm.length; i++) {
    if (Math.abs(pcm[i]!) < 300 && Math.abs(pcm[i - 1]!) < 300) continue; // silence between words
    voiced++;
    if (pcm[i]! >= 0 !== pcm[i - 1]! >= 0) crossings++;
  }
  return (crossings / voiced) * rate;
}

const voice = (id: string) =>
  espeakEngine()
    .voices()
    .find((v) => v.id === id)!;

describe('eSpeak NG voices', () => {
  it('keeps the default voices exactly as stored audio names them, and offers a female voice in each language it speaks', () => {
    const engine = espeakEngine();
    expect(engine.voiceFor(1)).toMatchObject({ key: 'espeak-ng:cmn', id: 'cmn', language: 'zh-CN', languageType: 1 });
    expect(engine.voiceFor(0)).toMatchObject({ key: 'espeak-ng:ug', id: 'ug', language: 'ug', languageType: 0 });
    expect(engine.voiceFor(2)).toBeNull();
    const voices = engine.voices();
    expect(voices.map((v) => v.key)).toEqual(['espeak-ng:ug', 'espeak-ng:ug+f3', 'espeak-ng:cmn', 'espeak-ng:cmn+f3', 'espeak-ng:cmn+m3']);
    for (const v of voices) {
      expect(v.engine).toBe(ESPEAK_ENGINE_ID);
      expect(v.key).toBe(`${ESPEAK_ENGINE_ID}:${v.id}`);
      expect(v.name).toMatch(/[\u4e00-\u9fff]/);
      expect(v.sample.length).toBeGreaterThan(5);
    }
    for (const lang of [0, 1]) expect(voices.some((v) => v.languageType === lang && v.gender === 'female')).toBe(true);
    // A caller that edits the list it was given does not change the engine's.
    voices.pop();
    expect(engine.voices()).toHaveLength(5);
  });

  it('speaks every variant, each audibly different from its base voice; the female ones higher', async () => {
    const rate = espeakEngine().sampleRate;
    for (const [baseId, variantIds] of [
      ['cmn', ['cmn+f3', 'cmn+m3']],
      ['ug', ['ug+f3']],
    ] as const) {
      const base = voice(baseId);
      const basePcm = await speak(base);
      const baseZcr = crossingsPerSecond(basePcm, rate);
      for (const id of variantIds) {
        const v = voice(id);
        const pcm = await speak(v, base.sample);
        expect(pcm.length).toBeGreaterThan(rate); // more than a second of speech
        // eSpeak silently speaks the base voice for a variant it lacks: the audio must differ.
        const differing = pcm.length !== basePcm.length || pcm.some((s, i) => s !== basePcm[i]);
        expect(differing).toBe(true);
        const zcr = crossingsPerSecond(pcm, rate);
        if (v.gender === 'female') expect(zcr).toBeGreaterThan(baseZcr * 1.2);
        else expect(Math.abs(zcr - baseZcr)).toBeGreaterThan(baseZcr * 0.03);
      }
    }
  });
});
