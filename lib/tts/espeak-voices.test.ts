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

/**
 * The median pitch (Hz) of the voiced 40 ms frames, each frame's pitch the lag of its strongest autocorrelation
 * between 55 and 440 Hz: enough to tell a female voice from a male one and a deep one from the standard.
 */
function medianPitch(pcm: Int16Array, rate: number): number {
  const frame = Math.round(rate * 0.04);
  const pitches: number[] = [];
  for (let start = 0; start + frame <= pcm.length; start += frame) {
    let energy = 0;
    for (let i = 0; i < frame; i++) energy += pcm[start + i]! * pcm[start + i]!;
    if (energy / frame < 1e6) continue; // silence or a consonant's hiss
    let best = 0;
    let bestLag = 0;
    for (let lag = Math.floor(rate / 440); lag <= Math.ceil(rate / 55); lag++) {
      let sum = 0;
      for (let i = 0; i + lag < frame; i++) sum += pcm[start + i]! * pcm[start + i + lag]!;
      if (sum > best) [best, bestLag] = [sum, lag];
    }
    if (bestLag) pitches.push(rate / bestLag);
  }
  pitches.sort((a, b) => a - b);
  return pitches[pitches.length >> 1]!;
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
    expect(voices.map((v) => v.key)).toEqual(['espeak-ng:ug', 'espeak-ng:ug+f3', 'espeak-ng:cmn', 'espeak-ng:cmn+f3', 'espeak-ng:cmn+m4']);
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

  it('speaks every variant, each audibly different from its base voice: the female ones far higher, the deep one lower', async () => {
    const rate = espeakEngine().sampleRate;
    for (const [baseId, variantIds] of [
      ['cmn', ['cmn+f3', 'cmn+m4']],
      ['ug', ['ug+f3']],
    ] as const) {
      const base = voice(baseId);
      const basePcm = await speak(base);
      const basePitch = medianPitch(basePcm, rate);
      for (const id of variantIds) {
        const v = voice(id);
        const pcm = await speak(v, base.sample);
        expect(pcm.length).toBeGreaterThan(rate); // more than a second of speech
        // eSpeak silently speaks the base voice for a variant it lacks: the audio must differ.
        const differing = pcm.length !== basePcm.length || pcm.some((s, i) => s !== basePcm[i]);
        expect(differing).toBe(true);
        // Measured: cmn 94 Hz, cmn+f3 190, cmn+m4 86; ug 102, ug+f3 212.
        const pitch = medianPitch(pcm, rate);
        if (v.gender === 'female') expect(pitch).toBeGreaterThan(basePitch * 1.5);
        else expect(pitch).toBeLessThan(basePitch * 0.96);
      }
    }
  });
});
