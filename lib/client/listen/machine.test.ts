import { listenChapter, lockedListenChapter } from '@/test/listen-fixtures';
import type { OpenOptions } from './listen-deps';
import {
  INITIAL,
  isAttached,
  sourceOf,
  transition,
  type Effect,
  type Kind,
  type ListenEvent,
  type ListenMachine,
  type Source,
} from './machine';

// The listen player's state machine (docs/listening.md "Player state machine"): every named transition, and the
// events each state refuses. Pure: no element, no timers, no network — the controller's tests cover the effects.

const SRC: Source = { url: '/audio/1/index.m3u8?m=9&e=99999999999&s=x', fellBack: false };
const STREAM: Source = { url: '/audio/1/stream.m3u8?m=9&e=99999999999&s=x&n=3', fellBack: false };
const NOVEL = { id: 1, title: '大唐归途', thumb: '/covers/1.svg', ctype: 1, author: '李白' };
const OPTIONS: OpenOptions = { readType: 1, autoplay: true };
const stream = () => undefined;

/** A state of each kind (gen 5, nothing opening, no error flag). */
function at(kind: Kind, over: Partial<ListenMachine> = {}): ListenMachine {
  const base = { gen: 5, ticket: 2, opening: null, error: false, switching: null };
  const phase = (() => {
    switch (kind) {
      case 'empty':
      case 'locked':
      case 'disposed':
        return { kind };
      case 'ready':
      case 'resuming':
      case 'prompting':
        return { kind, source: SRC };
      default:
        return { kind, source: SRC, wantPlay: true };
    }
  })();
  return { ...base, ...phase, ...over } as ListenMachine;
}

const types = (effects: Effect[]) => effects.map((e) => e.type);

function openEvent(over: Partial<Extract<ListenEvent, { type: 'OPEN' }>> = {}): ListenEvent {
  return { type: 'OPEN', chapter: listenChapter(1), options: OPTIONS, novel: NOVEL, loadedArticleId: null, sourceExpired: false, ...over };
}

function signedEvent(ticket: number, over: Partial<Extract<ListenEvent, { type: 'SIGNED' }>> = {}): ListenEvent {
  return {
    type: 'SIGNED',
    ticket,
    url: SRC.url,
    source: SRC,
    expired: false,
    novel: NOVEL,
    article: { id: 1, next_id: 2, novel_id: 1 },
    position: 0,
    force: false,
    autoplay: false,
    ...over,
  };
}

const ALL_KINDS: Kind[] = ['empty', 'locked', 'ready', 'resuming', 'attaching', 'buffering', 'playing', 'paused', 'prompting', 'disposed'];
const ATTACHED: Kind[] = ['attaching', 'buffering', 'playing', 'paused'];

describe('the states', () => {
  it('starts empty, nothing opening, no error', () => {
    expect(INITIAL).toEqual({ kind: 'empty', gen: 0, ticket: 0, opening: null, error: false, switching: null });
  });

  it('attached means the element holds the stream (or is being given it); the source is kept through the prompt', () => {
    expect(ALL_KINDS.filter((k) => isAttached(at(k)))).toEqual(ATTACHED);
    expect(ALL_KINDS.filter((k) => sourceOf(at(k)) !== null)).toEqual([
      'ready',
      'resuming',
      'attaching',
      'buffering',
      'playing',
      'paused',
      'prompting',
    ]);
  });

  it('disposed ignores every event', () => {
    const events: ListenEvent[] = [{ type: 'PLAY', sourceExpired: false, resume: false }, openEvent(), { type: 'SYNC', url: SRC.url }];
    for (const e of events) expect(transition(at('disposed'), e)).toEqual({ state: at('disposed'), effects: [], ignored: true });
  });
});

describe('SYNC (source once)', () => {
  it('empty → ready with the stored address, isCreated', () => {
    const r = transition(INITIAL, { type: 'SYNC', url: SRC.url });
    expect(r.state).toMatchObject({ kind: 'ready', source: SRC });
    expect(types(r.effects)).toEqual(['created']);
  });

  it('is ignored without an address, and in every state but empty', () => {
    expect(transition(INITIAL, { type: 'SYNC', url: null }).ignored).toBe(true);
    for (const k of ALL_KINDS.filter((x) => x !== 'empty')) expect(transition(at(k), { type: 'SYNC', url: SRC.url }).ignored).toBe(true);
  });
});

describe('OPEN', () => {
  it('a locked chapter from any live state: locked, the element paused and detached, nothing opening', () => {
    for (const k of ALL_KINDS.filter((x) => x !== 'disposed')) {
      const r = transition(at(k, { opening: 2 }), openEvent({ chapter: lockedListenChapter(21) }));
      expect(r.state).toEqual({ kind: 'locked', gen: 6, ticket: 3, opening: null, error: false, switching: null });
      expect(types(r.effects)).toEqual(['loadingDone', 'pauseElement', 'detach', 'showLocked']);
      expect(r.effects.find((e) => e.type === 'detach')).toEqual({ type: 'detach', record: isAttached(at(k)) });
    }
  });

  it('an open chapter starts loading: a new ticket, the outgoing chapter paused but still attached', () => {
    const r = transition(at('playing'), openEvent({ chapter: listenChapter(2), options: { ...OPTIONS, position: 42 } }));
    expect(r.state).toMatchObject({ kind: 'playing', wantPlay: false, ticket: 3, opening: 3, gen: 5 });
    expect(r.effects).toEqual([
      expect.objectContaining({ type: 'showChapter' }),
      { type: 'pauseElement' },
      { type: 'loading', position: 42 },
    ]);
  });

  it('a lookup of the saved position is abandoned by a new open', () => {
    const r = transition(at('resuming'), openEvent({ chapter: listenChapter(2) }));
    expect(r.state).toMatchObject({ kind: 'ready', opening: 3 });
  });

  it('the chapter already loaded keeps its state (playing or paused), unless forced or expired', () => {
    for (const k of ['ready', 'playing', 'paused', 'prompting'] as Kind[]) {
      const r = transition(at(k), openEvent({ loadedArticleId: 1 }));
      expect(r.state).toEqual({ ...at(k), ticket: 3 });
      expect(types(r.effects)).toEqual(['showChapter', 'keepLoaded']);
    }
    expect(transition(at('playing'), openEvent({ loadedArticleId: 1, options: { ...OPTIONS, force: true } })).state.opening).toBe(3);
    expect(transition(at('ready'), openEvent({ loadedArticleId: 1, sourceExpired: true })).state.opening).toBe(3);
    // Nothing loaded to keep: a locked chapter's page, or nothing chosen yet.
    expect(transition(at('locked'), openEvent({ loadedArticleId: 1 })).state.opening).toBe(3);
    expect(transition(at('empty'), openEvent({ loadedArticleId: 1 })).state.opening).toBe(3);
  });

  it('a chapter without an address says why and loads nothing', () => {
    const r = transition(at('paused'), openEvent({ chapter: listenChapter(3, { m3u8_url: null }) }));
    expect(r.state).toEqual({ ...at('paused'), ticket: 3 });
    expect(types(r.effects)).toEqual(['showChapter', 'noAudio']);
  });

  it('supersedes an open still signing: its answer will be dropped', () => {
    const loading = transition(at('paused'), openEvent({ chapter: listenChapter(2) })).state;
    const again = transition(loading, openEvent({ chapter: listenChapter(3) }));
    expect(again.state.opening).toBe(4);
    expect(transition(again.state, signedEvent(3)).ignored).toBe(true);
    // An open that loads nothing ends the loading of the one before.
    expect(types(transition(loading, openEvent({ loadedArticleId: 1 })).effects)).toEqual(['loadingDone', 'showChapter', 'keepLoaded']);
  });
});

describe('SIGNED and SIGN_FAILED', () => {
  const loading = (kind: Kind = 'playing') => at(kind, { opening: 3, ticket: 3 });

  it('the awaited address: the old stream detached (recorded), stored, the source set, paused until played', () => {
    const r = transition(loading(), signedEvent(3, { source: STREAM, position: 12 }));
    expect(r.state).toEqual({ kind: 'ready', source: STREAM, gen: 6, ticket: 3, opening: null, error: false, switching: null });
    expect(r.effects).toEqual([
      { type: 'detach', record: true },
      { type: 'nowPlaying', novel: NOVEL, article: { id: 1, next_id: 2, novel_id: 1 }, url: SRC.url, voice: null },
      { type: 'created' },
      { type: 'loaded', position: 12, force: false },
    ]);
  });

  it('with autoplay, attaches at once (or signs again when already expired)', () => {
    const r = transition(loading('empty'), signedEvent(3, { autoplay: true }));
    expect(r.state).toMatchObject({ kind: 'attaching', wantPlay: true, gen: 7 });
    expect(r.effects.at(-1)).toEqual({ type: 'attach', gen: 7, url: SRC.url });
    const stale = transition(loading('empty'), signedEvent(3, { autoplay: true, expired: true }));
    expect(stale.state.kind).toBe('ready');
    expect(types(stale.effects).at(-1)).toBe('renew');
  });

  it('a new chapter clears the error flag; a forced re-initialisation keeps it (no error loop)', () => {
    const flagged = at('playing', { opening: 3, ticket: 3, error: true });
    expect(transition(flagged, signedEvent(3)).state.error).toBe(false);
    expect(transition(flagged, signedEvent(3, { force: true })).state.error).toBe(true);
  });

  it('an answer for another ticket, or when nothing is opening, is ignored', () => {
    expect(transition(loading(), signedEvent(2)).ignored).toBe(true);
    expect(transition(at('paused'), signedEvent(2)).ignored).toBe(true);
    expect(transition(loading(), { type: 'SIGN_FAILED', ticket: 2 }).ignored).toBe(true);
    expect(transition(at('paused'), { type: 'SIGN_FAILED', ticket: 2 }).ignored).toBe(true);
  });

  it('a failed signing (and no download) stops loading and leaves the outgoing chapter as it was', () => {
    const r = transition(loading('paused'), { type: 'SIGN_FAILED', ticket: 3 });
    expect(r.state).toEqual({ ...loading('paused'), opening: null });
    expect(types(r.effects)).toEqual(['loadingDone']);
  });
});

describe('PLAY', () => {
  const play = (sourceExpired = false, resume = false): ListenEvent => ({ type: 'PLAY', sourceExpired, resume });

  it('ready → attaching: a new generation attaches the source', () => {
    const r = transition(at('ready'), play());
    expect(r.state).toEqual({
      kind: 'attaching',
      source: SRC,
      wantPlay: true,
      gen: 6,
      ticket: 2,
      opening: null,
      error: false,
      switching: null,
    });
    expect(r.effects).toEqual([{ type: 'attach', gen: 6, url: SRC.url }]);
  });

  it('ready after a reload → resuming: the saved position is looked up first', () => {
    const r = transition(at('ready'), play(false, true));
    expect(r.state).toMatchObject({ kind: 'resuming', gen: 5 });
    expect(r.effects).toEqual([{ type: 'lookupPosition', gen: 5 }]);
  });

  it('an expired source is signed again instead of being handed to the element', () => {
    const r = transition(at('ready'), play(true));
    expect(r.state).toEqual(at('ready'));
    expect(r.effects).toEqual([{ type: 'renew' }]);
  });

  it('attached and ready (or buffering): play the element; while attaching: only the wish', () => {
    for (const k of ['buffering', 'playing', 'paused'] as Kind[]) {
      const r = transition(at(k, { wantPlay: false } as Partial<ListenMachine>), play());
      expect(r.state).toMatchObject({ kind: k, wantPlay: true });
      expect(r.effects).toEqual([{ type: 'safePlay', gen: 5 }]);
    }
    const attaching = transition(at('attaching', { wantPlay: false } as Partial<ListenMachine>), play());
    expect(attaching.state).toMatchObject({ kind: 'attaching', wantPlay: true });
    expect(attaching.effects).toEqual([]);
  });

  it('after the keep-listening prompt: the prompt detached, the chapter attached again', () => {
    const r = transition(at('prompting'), play());
    expect(r.state).toMatchObject({ kind: 'attaching', gen: 7, source: SRC });
    expect(r.effects).toEqual([
      { type: 'detach', record: false },
      { type: 'attach', gen: 7, url: SRC.url },
    ]);
  });

  it('refused while locked, with nothing chosen, and while a lookup is on its way', () => {
    for (const k of ['locked', 'empty', 'resuming'] as Kind[]) expect(transition(at(k), play()).ignored).toBe(true);
  });
});

describe('PAUSE', () => {
  it('attached: the wish dropped, the element paused (its pause event moves playing → paused)', () => {
    for (const k of ATTACHED) {
      const r = transition(at(k), { type: 'PAUSE' });
      expect(r.state).toMatchObject({ kind: k, wantPlay: false });
      expect(r.effects).toEqual([{ type: 'pauseElement' }]);
    }
  });

  it('resuming → ready: the lookup attaches nothing when it comes back', () => {
    const r = transition(at('resuming'), { type: 'PAUSE' });
    expect(r.state).toMatchObject({ kind: 'ready' });
    expect(transition(r.state, { type: 'RESUMED', gen: 5, position: 10 }).ignored).toBe(true);
  });

  it('elsewhere only pauses the element (the prompt, say)', () => {
    for (const k of ['empty', 'locked', 'ready', 'prompting'] as Kind[]) {
      const r = transition(at(k), { type: 'PAUSE' });
      expect(r.state).toEqual(at(k));
      expect(r.effects).toEqual([{ type: 'pauseElement' }]);
    }
  });
});

describe('RESUMED', () => {
  it('resuming → attaching at the saved position', () => {
    const r = transition(at('resuming'), { type: 'RESUMED', gen: 5, position: 95 });
    expect(r.state).toMatchObject({ kind: 'attaching', gen: 6, wantPlay: true });
    expect(r.effects).toEqual([
      { type: 'savedPosition', position: 95 },
      { type: 'attach', gen: 6, url: SRC.url },
    ]);
  });

  it('a stale answer (another generation, or no longer resuming) is ignored', () => {
    expect(transition(at('resuming'), { type: 'RESUMED', gen: 4, position: 1 }).ignored).toBe(true);
    expect(transition(at('ready'), { type: 'RESUMED', gen: 5, position: 1 }).ignored).toBe(true);
  });
});

describe('ATTACHED', () => {
  const attached = (over: Partial<Extract<ListenEvent, { type: 'ATTACHED' }>> = {}): ListenEvent => ({
    type: 'ATTACHED',
    gen: 5,
    stream,
    messagingApp: false,
    ...over,
  });

  it('attaching → buffering: the stream kept, played when wanted', () => {
    const r = transition(at('attaching'), attached());
    expect(r.state).toMatchObject({ kind: 'buffering' });
    expect(r.effects).toEqual([
      { type: 'keepStream', stream },
      { type: 'safePlay', gen: 5 },
    ]);
  });

  it('the continuous stream loads its follower; the messaging app starts its ready timer', () => {
    const r = transition(at('attaching', { source: STREAM, wantPlay: false } as Partial<ListenMachine>), attached({ messagingApp: true }));
    expect(types(r.effects)).toEqual(['keepStream', 'follow', 'readyTimer']);
  });

  it('a stream attached for an older generation, or after a detach, is undone at once', () => {
    expect(transition(at('attaching'), attached({ gen: 4 })).effects).toEqual([{ type: 'dropStream', stream }]);
    expect(transition(at('ready'), attached()).effects).toEqual([{ type: 'dropStream', stream }]);
    expect(transition(at('locked'), attached()).state).toEqual(at('locked'));
  });
});

describe('READY (canplay, or the messaging app after 300 ms)', () => {
  it('buffering → playing or paused as the element is, the first time with the saved position and a play', () => {
    const r = transition(at('buffering'), { type: 'READY', gen: 5, paused: true });
    expect(r.state.kind).toBe('paused');
    expect(r.effects).toEqual([{ type: 'applyReady' }, { type: 'firstReady' }, { type: 'safePlay', gen: 5 }]);
    expect(transition(at('buffering'), { type: 'READY', gen: 5, paused: false }).state.kind).toBe('playing');
    const noWish = transition(at('buffering', { wantPlay: false } as Partial<ListenMachine>), { type: 'READY', gen: 5, paused: true });
    expect(types(noWish.effects)).toEqual(['applyReady', 'firstReady']);
  });

  it('once ready, a later canplay only applies rate, a kept seek and the duration', () => {
    for (const k of ['playing', 'paused'] as Kind[]) {
      const r = transition(at(k), { type: 'READY', gen: 5, paused: k === 'paused' });
      expect(r.state).toEqual(at(k));
      expect(r.effects).toEqual([{ type: 'applyReady' }]);
    }
  });

  it('ignored for another generation (a timer of a detached stream), and while not attached', () => {
    expect(transition(at('buffering'), { type: 'READY', gen: 4, paused: true }).ignored).toBe(true);
    for (const k of ['empty', 'locked', 'ready', 'resuming', 'prompting'] as Kind[])
      expect(transition(at(k), { type: 'READY', gen: 5, paused: true }).ignored).toBe(true);
  });
});

describe('the element playing and pausing', () => {
  it('play: mirrored and the report timer started; paused → playing', () => {
    const r = transition(at('paused'), { type: 'MEDIA_PLAY' });
    expect(r.state.kind).toBe('playing');
    expect(r.effects).toEqual([
      { type: 'mirror', playing: true },
      { type: 'progressTimer', on: true },
    ]);
    expect(transition(at('buffering'), { type: 'MEDIA_PLAY' }).state.kind).toBe('buffering');
  });

  it('playing (sound comes out): the error flag clears', () => {
    const r = transition(at('paused', { error: true }), { type: 'MEDIA_PLAYING' });
    expect(r.state).toMatchObject({ kind: 'playing', error: false });
    expect(r.effects).toEqual([{ type: 'mirror', playing: true, clearError: true }]);
  });

  it('pause: mirrored, the timer stopped, the progress recorded while attached; playing → paused', () => {
    const r = transition(at('playing'), { type: 'MEDIA_PAUSE' });
    expect(r.state.kind).toBe('paused');
    expect(types(r.effects)).toEqual(['mirror', 'progressTimer', 'record']);
    expect(types(transition(at('ready'), { type: 'MEDIA_PAUSE' }).effects)).toEqual(['mirror', 'progressTimer']);
  });

  it("the prompt's own play and pause are not the chapter's", () => {
    for (const type of ['MEDIA_PLAY', 'MEDIA_PLAYING', 'MEDIA_PAUSE'] as const)
      expect(transition(at('prompting'), { type }).ignored).toBe(true);
  });

  it('a refused autoplay: the wish dropped, shown paused; a stale refusal is ignored', () => {
    const r = transition(at('buffering'), { type: 'PLAY_REFUSED', gen: 5 });
    expect(r.state).toMatchObject({ kind: 'buffering', wantPlay: false });
    expect(r.effects).toEqual([{ type: 'mirror', playing: false }]);
    expect(transition(at('buffering'), { type: 'PLAY_REFUSED', gen: 4 }).ignored).toBe(true);
    expect(transition(at('ready'), { type: 'PLAY_REFUSED', gen: 5 }).ignored).toBe(true);
  });
});

describe('MEDIA_ENDED (chapter end)', () => {
  it('episodes left: counted down, paused, recorded, the next chapter (continuous play)', () => {
    const r = transition(at('playing'), { type: 'MEDIA_ENDED', counter: 3, settingType: 1 });
    expect(r.state).toEqual(at('playing'));
    expect(r.effects).toEqual([{ type: 'countDown', counter: 2 }, { type: 'pauseElement' }, { type: 'record' }, { type: 'next' }]);
    // Unlimited never counts down.
    expect(types(transition(at('playing'), { type: 'MEDIA_ENDED', counter: -1, settingType: 3 }).effects)).toEqual([
      'pauseElement',
      'record',
      'next',
    ]);
  });

  it('none left → prompting: the keep-listening question and the setting with the stored type', () => {
    const r = transition(at('paused'), { type: 'MEDIA_ENDED', counter: 0, settingType: 2 });
    expect(r.state).toEqual({ kind: 'prompting', source: SRC, gen: 6, ticket: 2, opening: null, error: false, switching: null });
    expect(r.effects).toEqual([
      { type: 'pauseElement' },
      { type: 'record' },
      { type: 'detach', record: true },
      { type: 'playPrompt' },
      { type: 'openPlaySetting', settingType: 2 },
    ]);
  });

  it("the prompt's own end → ready, driving nothing", () => {
    const r = transition(at('prompting'), { type: 'MEDIA_ENDED', counter: 0, settingType: 0 });
    expect(r.state).toMatchObject({ kind: 'ready', source: SRC });
    expect(r.effects).toEqual([]);
  });

  it('ignored when nothing is attached', () => {
    for (const k of ['empty', 'locked', 'ready', 'resuming'] as Kind[])
      expect(transition(at(k), { type: 'MEDIA_ENDED', counter: 3, settingType: 1 }).ignored).toBe(true);
  });
});

describe('PROMPT (a lowered limit at a chapter boundary of the stream)', () => {
  it('attached → prompting', () => {
    const r = transition(at('playing'), { type: 'PROMPT' });
    expect(r.state.kind).toBe('prompting');
    expect(r.effects).toEqual([{ type: 'detach', record: true }, { type: 'playPrompt' }]);
  });

  it('ignored when nothing is attached', () => {
    for (const k of ['empty', 'locked', 'ready', 'prompting'] as Kind[]) expect(transition(at(k), { type: 'PROMPT' }).ignored).toBe(true);
  });
});

describe('errors', () => {
  it('the first error while playing flags and re-initialises; while paused only flags', () => {
    const r = transition(at('playing'), { type: 'MEDIA_ERROR', hasError: true, playing: true });
    expect(r.state).toMatchObject({ kind: 'playing', error: true });
    expect(r.effects).toEqual([{ type: 'flagError' }, { type: 'reinit' }]);
    expect(transition(at('paused'), { type: 'MEDIA_ERROR', hasError: true, playing: false }).effects).toEqual([{ type: 'flagError' }]);
  });

  it('already flagged: nothing more (no error loop)', () => {
    expect(transition(at('playing', { error: true }), { type: 'MEDIA_ERROR', hasError: true, playing: true }).ignored).toBe(true);
    expect(transition(at('playing', { error: true }), { type: 'STREAM_FAILED', gen: 5, playing: true }).ignored).toBe(true);
  });

  it('an element emptied on purpose, or the prompt, has no error to handle', () => {
    expect(transition(at('playing'), { type: 'MEDIA_ERROR', hasError: false, playing: true }).ignored).toBe(true);
    expect(transition(at('prompting'), { type: 'MEDIA_ERROR', hasError: true, playing: false }).ignored).toBe(true);
  });

  it('hls.js failing counts as an error only for the stream attached now', () => {
    expect(transition(at('buffering'), { type: 'STREAM_FAILED', gen: 5, playing: true }).effects).toEqual([
      { type: 'flagError' },
      { type: 'reinit' },
    ]);
    expect(transition(at('buffering'), { type: 'STREAM_FAILED', gen: 4, playing: true }).ignored).toBe(true);
    expect(transition(at('ready'), { type: 'STREAM_FAILED', gen: 5, playing: true }).ignored).toBe(true);
  });
});

describe('time, buffer and duration', () => {
  it('mirrored while attached, ignored otherwise (the prompt, nothing attached)', () => {
    const events = [
      ['TIME', 'time'],
      ['BUFFERED', 'buffered'],
      ['DURATION', 'duration'],
    ] as const;
    for (const [type, effect] of events) {
      for (const k of ATTACHED) expect(transition(at(k), { type }).effects).toEqual([{ type: effect }]);
      for (const k of ['empty', 'locked', 'ready', 'resuming', 'prompting'] as Kind[])
        expect(transition(at(k), { type }).ignored).toBe(true);
    }
  });
});

describe('STEP (previous/next chapter)', () => {
  it('accepted when nothing is loading, in any state (a locked chapter has a next one too)', () => {
    for (const k of ['empty', 'locked', 'ready', 'playing', 'paused', 'prompting'] as Kind[]) {
      const r = transition(at(k), { type: 'STEP', by: 1 });
      expect(r.ignored).toBeUndefined();
      expect(r.state).toEqual(at(k));
      expect(r.effects).toEqual([]);
    }
  });

  it('refused while a chapter is loading: the stored article is not the one being opened yet', () => {
    expect(transition(at('paused', { opening: 2 }), { type: 'STEP', by: 1 }).ignored).toBe(true);
    expect(transition(at('empty', { opening: 2 }), { type: 'STEP', by: -1 }).ignored).toBe(true);
  });
});

describe('SWITCH_VOICE (another voice for the chapter heard)', () => {
  const SWITCH = { type: 'SWITCH_VOICE', voice: 'espeak-ng:cmn+f3', paragraph: 4, playing: true } as const;

  it('playing: paused but still attached, a new ticket opening with the voice named, the switch asked for', () => {
    const r = transition(at('playing'), SWITCH);
    expect(r.state).toEqual({ ...at('playing'), wantPlay: false, ticket: 3, opening: 3, switching: 'espeak-ng:cmn+f3' });
    expect(r.effects).toEqual([
      { type: 'pauseElement' },
      { type: 'loading', position: null },
      { type: 'switchVoice', ticket: 3, voice: 'espeak-ng:cmn+f3', paragraph: 4, resume: true },
    ]);
  });

  it('its answer is a SIGNED like any other: the new voice stored, then played from the paragraph start', () => {
    const switching = transition(at('playing'), SWITCH).state;
    const r = transition(switching, signedEvent(3, { position: 41.5, autoplay: true, voice: 'espeak-ng:cmn+f3' }));
    expect(r.state).toMatchObject({ kind: 'attaching', wantPlay: true, opening: null, switching: null });
    expect(r.effects).toContainEqual({
      type: 'nowPlaying',
      novel: NOVEL,
      article: { id: 1, next_id: 2, novel_id: 1 },
      url: SRC.url,
      voice: 'espeak-ng:cmn+f3',
    });
    expect(r.effects).toContainEqual({ type: 'loaded', position: 41.5, force: false });
    expect(types(r.effects).at(-1)).toBe('attach');
  });

  it('from ready, the prompt or a lookup: nothing attached, the switch still signs (and plays only if asked)', () => {
    for (const k of ['ready', 'prompting'] as Kind[]) {
      const r = transition(at(k), { ...SWITCH, playing: false });
      expect(r.state).toMatchObject({ kind: k, opening: 3, switching: 'espeak-ng:cmn+f3' });
      expect(r.effects.at(-1)).toMatchObject({ type: 'switchVoice', resume: false });
    }
    expect(transition(at('resuming'), SWITCH).state).toMatchObject({ kind: 'ready', opening: 3 });
  });

  it('refused with nothing chosen, on a locked chapter, while a chapter or another switch is opening, once disposed', () => {
    for (const k of ['empty', 'locked', 'disposed'] as Kind[]) expect(transition(at(k), SWITCH).ignored).toBe(true);
    expect(transition(at('paused', { opening: 3, ticket: 3 }), SWITCH).ignored).toBe(true);
    const switching = transition(at('playing'), SWITCH).state;
    expect(transition(switching, { ...SWITCH, voice: 'espeak-ng:cmn' }).ignored).toBe(true);
  });

  it('previous/next wait for it; an open supersedes it (its answer dropped); a failure leaves the old voice attached', () => {
    const switching = transition(at('playing'), SWITCH).state;
    expect(transition(switching, { type: 'STEP', by: 1 }).ignored).toBe(true);
    const opened = transition(switching, openEvent({ chapter: listenChapter(2) }));
    expect(opened.state).toMatchObject({ opening: 4, switching: null });
    expect(transition(opened.state, signedEvent(3)).ignored).toBe(true);
    const failed = transition(switching, { type: 'SIGN_FAILED', ticket: 3 });
    expect(failed.state).toMatchObject({ kind: 'playing', source: SRC, opening: null, switching: null, gen: 5 });
    expect(types(failed.effects)).toEqual(['loadingDone']);
  });
});

describe('HIDE and DISPOSE', () => {
  it('hiding the page records the position while attached, nothing otherwise', () => {
    expect(transition(at('playing'), { type: 'HIDE' }).effects).toEqual([{ type: 'record' }]);
    for (const k of ['empty', 'locked', 'ready', 'prompting'] as Kind[]) expect(transition(at(k), { type: 'HIDE' }).ignored).toBe(true);
  });

  it('dispose detaches (recording when attached) and ends the machine', () => {
    const r = transition(at('playing'), { type: 'DISPOSE' });
    expect(r.state).toMatchObject({ kind: 'disposed', gen: 6 });
    expect(r.effects).toEqual([{ type: 'detach', record: true }]);
  });
});

describe('a whole listening, event by event', () => {
  it('open, sign, attach, ready, play, end with no episode left, tap play again', () => {
    const walk = (events: ListenEvent[]) =>
      events.reduce<{ s: ListenMachine; kinds: Kind[] }>(
        ({ s, kinds }, e) => {
          const next = transition(s, e).state;
          return { s: next, kinds: [...kinds, next.kind] };
        },
        { s: INITIAL, kinds: [] },
      );
    const { kinds, s } = walk([
      openEvent(),
      signedEvent(1, { autoplay: true }),
      { type: 'ATTACHED', gen: 2, stream, messagingApp: false },
      { type: 'MEDIA_PLAY' },
      { type: 'READY', gen: 2, paused: false },
      { type: 'MEDIA_PLAYING' },
      { type: 'MEDIA_PAUSE' },
      { type: 'PLAY', sourceExpired: false, resume: false },
      { type: 'MEDIA_PLAY' },
      { type: 'MEDIA_ENDED', counter: 0, settingType: 0 },
      { type: 'MEDIA_ENDED', counter: 0, settingType: 0 },
      { type: 'PLAY', sourceExpired: false, resume: false },
    ]);
    expect(kinds).toEqual([
      'empty',
      'attaching',
      'buffering',
      'buffering',
      'playing',
      'playing',
      'paused',
      'paused',
      'playing',
      'prompting',
      'ready',
      'attaching',
    ]);
    expect(s).toMatchObject({ gen: 4, opening: null, error: false });
  });
});
