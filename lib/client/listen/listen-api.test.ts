import { mockFetch } from '@/test/mock-fetch';
import { setFailureHandler } from '../api';
import { signStreamUrl } from './listen-api';
import { VOICE_KEY_PATTERN } from '@/lib/shared/schemas/voices';
import { VOICE_KEY, forgetVoice, storeVoice, storedVoice } from './voice-choice';

// Signing in the listener's voice (docs/listening.md "Voices on the listen page"), at the fetch level.
const failures = jest.fn();
const PRIVATE_URL = 'POST /v1/audio/articles/get_private_url';

beforeEach(() => {
  failures.mockClear();
  localStorage.clear();
  setFailureHandler(failures);
});
afterEach(() => setFailureHandler(undefined));

describe('signStreamUrl', () => {
  it('asks for the voice and answers the one the server used', async () => {
    const { calls } = mockFetch({
      [PRIVATE_URL]: (body) => ({ data: { url: '/audio/1/index.m3u8?v=x', expires_at: '', voice: (body as { voice: string }).voice } }),
    });
    expect(await signStreamUrl('/audio/1/index.m3u8', 'espeak-ng:cmn+f3')).toEqual({
      url: '/audio/1/index.m3u8?v=x',
      voice: 'espeak-ng:cmn+f3',
    });
    expect(calls[0]!.body).toEqual({ base_url: '/audio/1/index.m3u8', voice: 'espeak-ng:cmn+f3' });
  });

  it('without a voice sends none', async () => {
    const { calls } = mockFetch({ [PRIVATE_URL]: { data: { url: '/u', expires_at: '', voice: 'espeak-ng:cmn' } } });
    expect(await signStreamUrl('/audio/1/index.m3u8')).toEqual({ url: '/u', voice: 'espeak-ng:cmn' });
    expect(calls[0]!.body).toEqual({ base_url: '/audio/1/index.m3u8' });
  });

  it('a voice no longer offered: signed again in the server voice, without showing the refusal', async () => {
    const { calls } = mockFetch({
      [PRIVATE_URL]: (body) =>
        (body as { voice?: string }).voice
          ? { status: 400, code: 40000, message: '该音色暂不可用' }
          : { data: { url: '/u', expires_at: '', voice: 'espeak-ng:cmn' } },
    });
    expect(await signStreamUrl('/audio/1/index.m3u8', 'gone:voice')).toEqual({ url: '/u', voice: 'espeak-ng:cmn' });
    expect(calls).toHaveLength(2);
    expect(failures).not.toHaveBeenCalled();
  });

  it('a refusal that is not the voice (a locked chapter) is shown once, by the call without the voice', async () => {
    mockFetch({ [PRIVATE_URL]: { status: 403, code: 40300, message: '请先购买本章' } });
    await expect(signStreamUrl('/audio/1/index.m3u8', 'espeak-ng:cmn')).rejects.toMatchObject({ code: 40300 });
    expect(failures).toHaveBeenCalledTimes(1);
  });
});

describe('the choice kept in this browser (listen.voices)', () => {
  it('takes the keys the server takes (its pattern, written out to keep zod off the page)', () => {
    expect(VOICE_KEY.source).toBe(VOICE_KEY_PATTERN.source);
    storeVoice(1, 'sherpa:vits-zh:aishell3/12');
    expect(storedVoice(1)).toBe('sherpa:vits-zh:aishell3/12');
  });

  it('one per language; forgetting one keeps the others; junk is not a choice', () => {
    storeVoice(1, 'espeak-ng:cmn+f3');
    storeVoice(0, 'espeak-ng:ug+f3');
    storeVoice(2, 'not a key');
    expect([storedVoice(0), storedVoice(1), storedVoice(2)]).toEqual(['espeak-ng:ug+f3', 'espeak-ng:cmn+f3', null]);
    forgetVoice(1);
    expect([storedVoice(0), storedVoice(1)]).toEqual(['espeak-ng:ug+f3', null]);
    localStorage.setItem('listen.voices', '[1,2]');
    expect(storedVoice(0)).toBeNull();
    localStorage.setItem('listen.voices', '{not json');
    expect(storedVoice(1)).toBeNull();
  });
});
