import { AUDIO_URL_TTL_S, signAudioUrl, verifyAudioSignature } from './signed-url';

const now = new Date('2030-01-01T00:00:00Z');
const queryOf = (url: string) => new URL(url, 'http://localhost').searchParams;

describe('signed audio URLs', () => {
  it('sign the chapter playlist for a member for six hours', () => {
    const { url, expires_at } = signAudioUrl(7, 42, now);
    expect(url).toMatch(/^\/audio\/42\/index\.m3u8\?m=7&e=\d+&s=[0-9a-f]{64}$/);
    expect(new Date(expires_at).getTime() - now.getTime()).toBe(AUDIO_URL_TTL_S * 1000);
    expect(verifyAudioSignature(42, queryOf(url), now)).toMatchObject({ memberId: 7 });
  });

  it('refuse an expired URL', () => {
    const { url } = signAudioUrl(7, 42, now);
    expect(verifyAudioSignature(42, queryOf(url), new Date(now.getTime() + AUDIO_URL_TTL_S * 1000))).toBeNull();
  });

  it('refuse forged, re-targeted and malformed signatures', () => {
    const q = queryOf(signAudioUrl(7, 42, now).url);
    const variant = (changes: Record<string, string>) => new URLSearchParams({ ...Object.fromEntries(q), ...changes });
    expect(verifyAudioSignature(43, q, now)).toBeNull(); // another chapter
    expect(verifyAudioSignature(42, variant({ m: '8' }), now)).toBeNull(); // another member
    expect(verifyAudioSignature(42, variant({ e: String(Number(q.get('e')) + 3600) }), now)).toBeNull(); // longer life
    expect(verifyAudioSignature(42, variant({ s: `${q.get('s')!.slice(0, 63)}${q.get('s')!.endsWith('0') ? '1' : '0'}` }), now)).toBeNull();
    for (const bad of [{ s: 'zz' }, { m: '-1' }, { m: '0' }, { e: 'soon' }] as Record<string, string>[])
      expect(verifyAudioSignature(42, variant(bad), now)).toBeNull();
    expect(verifyAudioSignature(42, new URLSearchParams(), now)).toBeNull();
  });
});
