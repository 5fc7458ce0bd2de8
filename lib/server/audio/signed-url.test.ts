import { hmac } from '../secret';
import { AUDIO_URL_TTL_S, signAudioUrl, verifyAudioSignature } from './signed-url';

const now = new Date('2030-01-01T00:00:00Z');
const queryOf = (url: string) => new URL(url, 'http://localhost').searchParams;
const CMN = 'espeak-ng:cmn';

describe('signed audio URLs', () => {
  it('sign the chapter playlist for a member and a voice for six hours', () => {
    const { url, expires_at } = signAudioUrl(7, 42, CMN, now);
    expect(url).toMatch(/^\/audio\/42\/index\.m3u8\?m=7&e=\d+&s=[0-9a-f]{64}&v=espeak-ng%3Acmn$/);
    expect(new Date(expires_at).getTime() - now.getTime()).toBe(AUDIO_URL_TTL_S * 1000);
    expect(verifyAudioSignature(42, queryOf(url), now)).toMatchObject({ memberId: 7, voice: CMN });
  });

  it('refuse an expired URL', () => {
    const { url } = signAudioUrl(7, 42, CMN, now);
    expect(verifyAudioSignature(42, queryOf(url), new Date(now.getTime() + AUDIO_URL_TTL_S * 1000))).toBeNull();
  });

  it('refuse forged, re-targeted and malformed signatures', () => {
    const q = queryOf(signAudioUrl(7, 42, CMN, now).url);
    const variant = (changes: Record<string, string>) => new URLSearchParams({ ...Object.fromEntries(q), ...changes });
    expect(verifyAudioSignature(43, q, now)).toBeNull(); // another chapter
    expect(verifyAudioSignature(42, variant({ m: '8' }), now)).toBeNull(); // another member
    expect(verifyAudioSignature(42, variant({ e: String(Number(q.get('e')) + 3600) }), now)).toBeNull(); // longer life
    expect(verifyAudioSignature(42, variant({ s: `${q.get('s')!.slice(0, 63)}${q.get('s')!.endsWith('0') ? '1' : '0'}` }), now)).toBeNull();
    for (const bad of [{ s: 'zz' }, { m: '-1' }, { m: '0' }, { e: 'soon' }, { v: '../x' }, { v: '' }] as Record<string, string>[])
      expect(verifyAudioSignature(42, variant(bad), now)).toBeNull();
    expect(verifyAudioSignature(42, new URLSearchParams(), now)).toBeNull();
  });

  it('a signature for one voice does not open another, nor does dropping the voice', () => {
    const q = queryOf(signAudioUrl(7, 42, CMN, now).url);
    expect(verifyAudioSignature(42, new URLSearchParams({ ...Object.fromEntries(q), v: 'espeak-ng:ug' }), now)).toBeNull();
    expect(verifyAudioSignature(42, new URLSearchParams({ ...Object.fromEntries(q), v: 'openai:alloy' }), now)).toBeNull();
    const noVoice = new URLSearchParams(q);
    noVoice.delete('v');
    expect(verifyAudioSignature(42, noVoice, now)).toBeNull();
  });

  it('still accept a URL signed before voices existed (no v), naming no voice', () => {
    const e = String(Math.floor(now.getTime() / 1000) + 60);
    const legacy = new URLSearchParams({ m: '7', e, s: hmac(`7:/audio/42/:${e}`) });
    expect(verifyAudioSignature(42, legacy, now)).toEqual({ memberId: 7, expires: Number(e), voice: null, query: legacy.toString() });
  });
});
