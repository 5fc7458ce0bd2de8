import type { ReadChapter } from '@/lib/shared/dto/reading';
import type { ListenArticle, ListenNovel } from './stored-values';
import type { OpenOptions } from './listen-deps';
import type { Detach } from './media';

/*
 * The listen controller's states and events (docs/listening.md "Player state machine"): what the player is doing
 * with the one audio element, as one value, and a pure transition function that says what an event changes and
 * which side effects the controller (./controller.ts) must carry out — attaching a stream, calling the element,
 * asking the server, timers. Nothing here touches the element, the network or the store: the controller reads
 * what an event needs to know (the store, the element, the clock) into the event itself.
 */

/** The address the element plays, and whether the controller chose a download itself (offline, signing failed). */
export interface Source {
  url: string;
  fellBack: boolean;
}

/** What every state carries besides its kind. */
interface Common {
  /** Bumped at every attach and detach: a late answer of an earlier stream (hls.js, a timer, a play()) is dropped. */
  gen: number;
  /** The last ticket handed to an open; a signing that comes back with an older one is dropped. */
  ticket: number;
  /** The ticket of the chapter being signed (the listen state's `loading`), or null. A region of its own: the
   * outgoing chapter stays attached (paused) until the new address is there. */
  opening: number | null;
  /** The error flag (docs/listening.md "Player rules"): set by the first error, cleared once sound comes out. */
  error: boolean;
  /** The voice the chapter is being switched to while `opening` is that switch's ticket, else null
   * (docs/listening.md "Voices on the listen page"). */
  switching: string | null;
}

/** The element's part in it, from nothing chosen to the keep-listening question. */
export type Phase =
  /** Nothing chosen yet this visit (no source set). */
  | { kind: 'empty' }
  /** A locked chapter is shown (needMoney): its purchase shows and nothing plays. */
  | { kind: 'locked' }
  /** A source is chosen and nothing attached: no playlist, no hls.js until play. */
  | { kind: 'ready'; source: Source }
  /** Play was asked after a reload: the member's saved position is looked up, then the stream attached. */
  | { kind: 'resuming'; source: Source }
  /** The stream is being attached (hls.js loading). */
  | { kind: 'attaching'; source: Source; wantPlay: boolean }
  /** Attached; the element has not said it can play yet (canplay, or the messaging app's 300 ms). */
  | { kind: 'buffering'; source: Source; wantPlay: boolean }
  /** Attached and ready, the element playing. */
  | { kind: 'playing'; source: Source; wantPlay: boolean }
  /** Attached and ready, the element paused. */
  | { kind: 'paused'; source: Source; wantPlay: boolean }
  /** The chapter (or the run) ended with no episode left: the spoken "keep listening?" plays on the element. */
  | { kind: 'prompting'; source: Source }
  /** The controller is gone: every event is ignored. */
  | { kind: 'disposed' };

export type ListenMachine = Common & Phase;
export type Kind = Phase['kind'];

export const INITIAL: ListenMachine = { kind: 'empty', gen: 0, ticket: 0, opening: null, error: false, switching: null };

/** What happens to the listener's listening; the controller fills each event with what it needs to know. */
export type ListenEvent =
  /** An update of the mini player: `url` is the stored address when visible with a stored article, else null. */
  | { type: 'SYNC'; url: string | null }
  /** A chapter shown in the player (the listen page, a next/previous, an error's re-initialisation). */
  | {
      type: 'OPEN';
      chapter: ReadChapter;
      options: OpenOptions;
      novel: ListenNovel;
      /** The stored article's id. */
      loadedArticleId: number | null;
      /** Whether the current source must be signed again before it plays. */
      sourceExpired: boolean;
    }
  /** The address of the chapter being opened: signed, or its download. */
  | {
      type: 'SIGNED';
      ticket: number;
      /** The address stored (the chapter's own) and the one the element plays (the stream of it and what follows). */
      url: string;
      source: Source;
      expired: boolean;
      novel: ListenNovel;
      article: ListenArticle;
      position: number;
      force: boolean;
      /** Start at once (asked for, and the browser will let it sound). */
      autoplay: boolean;
      /** The voice the address speaks in, when the server said. */
      voice?: string | null;
    }
  /** Neither signed nor downloaded (the API client has shown why). */
  | { type: 'SIGN_FAILED'; ticket: number }
  /** The listener asks for sound. `resume`: no saved position known yet for the stored article (after a reload). */
  | { type: 'PLAY'; sourceExpired: boolean; resume: boolean }
  | { type: 'PAUSE' }
  /** The member's saved position came back (or null → 0). */
  | { type: 'RESUMED'; gen: number; position: number }
  /** The stream is attached (native at once, hls.js after its import); `stream` undoes it. */
  | { type: 'ATTACHED'; gen: number; stream: Detach; messagingApp: boolean }
  /** hls.js failed to load or reported a fatal error. `playing`: the listen state's. */
  | { type: 'STREAM_FAILED'; gen: number; playing: boolean }
  /** The browser refused play() (no tap yet). */
  | { type: 'PLAY_REFUSED'; gen: number }
  /** canplay, or the messaging app's fallback timer; `paused`: the element's. */
  | { type: 'READY'; gen: number; paused: boolean }
  | { type: 'MEDIA_PLAY' }
  | { type: 'MEDIA_PLAYING' }
  | { type: 'MEDIA_PAUSE' }
  /** The element's end. `counter`: episodes still to play (-1 unlimited); `settingType`: the stored setting. */
  | { type: 'MEDIA_ENDED'; counter: number; settingType: number }
  /** The element's error event; `hasError`: the element holds an error (an emptied element has none). */
  | { type: 'MEDIA_ERROR'; hasError: boolean; playing: boolean }
  /** timeupdate, progress, durationchange (and a time track's length): mirrored while attached. */
  | { type: 'TIME' }
  | { type: 'BUFFERED' }
  | { type: 'DURATION' }
  /** The continuous stream crossed a chapter boundary with no episode left (a limit lowered while it played). */
  | { type: 'PROMPT' }
  /** Previous/next chapter. */
  | { type: 'STEP'; by: 1 | -1 }
  /**
   * The listener chose another voice for the chapter heard: `paragraph` is the one spoken now (-1 none yet),
   * `playing` whether sound was coming out (it comes back, in the new voice, from that paragraph).
   */
  | { type: 'SWITCH_VOICE'; voice: string; paragraph: number; playing: boolean }
  /** The page is hidden or left: the position is recorded. */
  | { type: 'HIDE' }
  | { type: 'DISPOSE' };

/** What the controller does for a transition, in order. */
export type Effect =
  /** Undo the attachment (record first when `record`), forget the follower, timers and a kept seek. */
  | { type: 'detach'; record: boolean }
  /** The source is set: the listen state's isCreated. */
  | { type: 'created' }
  | { type: 'showLocked'; chapter: ReadChapter; options: OpenOptions; novel: ListenNovel }
  | { type: 'showChapter'; chapter: ReadChapter; options: OpenOptions; novel: ListenNovel }
  /** The chapter opened is the one loaded: it keeps its state (a position asked for is applied). */
  | { type: 'keepLoaded'; options: OpenOptions }
  /** An open chapter without an address: a toast says why. */
  | { type: 'noAudio'; chapter: ReadChapter }
  | { type: 'loading'; position: number | null | undefined }
  | { type: 'loadingDone' }
  | { type: 'nowPlaying'; novel: ListenNovel; article: ListenArticle; url: string; voice: string | null }
  /** Sign the stored chapter in `voice`, wait until `paragraph` is published in it, then answer SIGNED at its start
   * (autoplay when `resume`) under this ticket, or SIGN_FAILED. */
  | { type: 'switchVoice'; ticket: number; voice: string; paragraph: number; resume: boolean }
  | { type: 'loaded'; position: number; force: boolean }
  | { type: 'pauseElement' }
  /** The source has expired: the stored chapter is fetched and signed again, then plays. */
  | { type: 'renew' }
  | { type: 'lookupPosition'; gen: number }
  | { type: 'savedPosition'; position: number }
  | { type: 'attach'; gen: number; url: string }
  | { type: 'keepStream'; stream: Detach }
  | { type: 'dropStream'; stream: Detach }
  /** Load the continuous stream's follower for this attachment. */
  | { type: 'follow'; gen: number }
  /** The messaging app's ready fallback (WECHAT_AUDIO_READY_FALLBACK_MS). */
  | { type: 'readyTimer'; gen: number }
  | { type: 'safePlay'; gen: number }
  /** Rate, a kept seek and the duration, at every ready. */
  | { type: 'applyReady' }
  /** The first ready of an attachment: the timer cleared, the saved position taken at zero. */
  | { type: 'firstReady' }
  | { type: 'mirror'; playing: boolean; clearError?: boolean }
  | { type: 'progressTimer'; on: boolean }
  | { type: 'record' }
  | { type: 'countDown'; counter: number }
  /** Position back to 0 and paused in the listen state, the prompt on the element. */
  | { type: 'playPrompt' }
  | { type: 'openPlaySetting'; settingType: number }
  | { type: 'next' }
  | { type: 'flagError' }
  /** The same article and read_type again at the current position, playing (after the first error). */
  | { type: 'reinit' }
  | { type: 'time' }
  | { type: 'buffered' }
  | { type: 'duration' };

export interface Step {
  state: ListenMachine;
  effects: Effect[];
  /** The event means nothing in this state: the state is unchanged and nothing is done. */
  ignored?: true;
}

const ATTACHED_KINDS = new Set<Kind>(['attaching', 'buffering', 'playing', 'paused']);

type Attached = Extract<ListenMachine, { kind: 'attaching' | 'buffering' | 'playing' | 'paused' }>;

/** The element holds this chapter's stream (or is being given it): its events, time and reports count. */
export function isAttached(s: ListenMachine): s is Attached {
  return ATTACHED_KINDS.has(s.kind);
}

/** The source chosen, if any (kept while the prompt plays, for a tap on play afterwards). */
export function sourceOf(s: ListenMachine): Source | null {
  return 'source' in s ? s.source : null;
}

const ignore = (state: ListenMachine): Step => ({ state, effects: [], ignored: true });
const step = (state: ListenMachine, effects: Effect[] = []): Step => ({ state, effects });

function common(s: ListenMachine): Common {
  return { gen: s.gen, ticket: s.ticket, opening: s.opening, error: s.error, switching: s.switching };
}

/** Leaves the element: a detach (a progress record when it held the chapter) and a new generation. */
function detached(s: ListenMachine): { base: Common; effect: Effect } {
  return { base: { ...common(s), gen: s.gen + 1 }, effect: { type: 'detach', record: isAttached(s) } };
}

/** docs/listening.md "Player rules", Error: the first error sets the flag and, when playing, re-initialises. */
function failed(s: ListenMachine, playing: boolean): Step {
  if (s.error) return ignore(s);
  return step({ ...s, error: true }, playing ? [{ type: 'flagError' }, { type: 'reinit' }] : [{ type: 'flagError' }]);
}

/** The spoken "keep listening?" on the same element, the stream detached. */
function prompt(s: Attached): Step {
  const { base, effect } = detached(s);
  return step({ ...base, kind: 'prompting', source: s.source }, [effect, { type: 'playPrompt' }]);
}

function play(s: ListenMachine, e: { sourceExpired: boolean; resume: boolean }): Step {
  switch (s.kind) {
    case 'prompting': {
      // A tap after the question: the chapter again, from where the prompt left it (0).
      const { base, effect } = detached(s);
      const after = play({ ...base, kind: 'ready', source: s.source }, e);
      return step(after.state, [effect, ...after.effects]);
    }
    case 'ready': {
      if (e.sourceExpired) return step(s, [{ type: 'renew' }]);
      if (e.resume) return step({ ...common(s), kind: 'resuming', source: s.source }, [{ type: 'lookupPosition', gen: s.gen }]);
      const gen = s.gen + 1;
      return step({ ...common(s), gen, kind: 'attaching', source: s.source, wantPlay: true }, [{ type: 'attach', gen, url: s.source.url }]);
    }
    case 'attaching':
      // The attachment plays it once it is there.
      return step({ ...s, wantPlay: true });
    case 'buffering':
    case 'playing':
    case 'paused':
      return step({ ...s, wantPlay: true }, [{ type: 'safePlay', gen: s.gen }]);
    default:
      // Nothing to play (empty), a locked chapter, a lookup already on its way.
      return ignore(s);
  }
}

function open(s: ListenMachine, e: Extract<ListenEvent, { type: 'OPEN' }>): Step {
  const { chapter, options, novel } = e;
  const ticket = s.ticket + 1;
  // An open still signing is superseded: its answer is dropped, and the listen state stops saying it loads.
  const done: Effect[] = s.opening !== null ? [{ type: 'loadingDone' }] : [];
  if (chapter.locked) {
    // needMoney: the purchase shows in the player and nothing plays (spec issue 7).
    const { base, effect } = detached(s);
    return step({ ...base, ticket, opening: null, switching: null, kind: 'locked' }, [
      ...done,
      { type: 'pauseElement' },
      effect,
      { type: 'showLocked', chapter, options, novel },
    ]);
  }
  const show: Effect = { type: 'showChapter', chapter, options, novel };
  const sameLoaded = !options.force && e.loadedArticleId === chapter.id && s.kind !== 'locked' && sourceOf(s) !== null && !e.sourceExpired;
  if (sameLoaded) return step({ ...s, ticket, opening: null, switching: null }, [...done, show, { type: 'keepLoaded', options }]);
  if (!chapter.m3u8_url) return step({ ...s, ticket, opening: null, switching: null }, [...done, show, { type: 'noAudio', chapter }]);
  // The outgoing chapter stays attached, paused, until the new address is there.
  let phase: ListenMachine = s;
  if (isAttached(s)) phase = { ...s, wantPlay: false };
  else if (s.kind === 'resuming') phase = { ...common(s), kind: 'ready', source: s.source };
  return step({ ...phase, ticket, opening: ticket, switching: null }, [
    show,
    { type: 'pauseElement' },
    { type: 'loading', position: options.position },
  ]);
}

/**
 * docs/listening.md "Voices on the listen page": the chapter heard again in another voice, from the paragraph
 * spoken now. Like an open of the same chapter: the old voice stays attached, paused, until the new address and
 * the paragraph's place in it are known (the `opening` region, `switching` naming the voice); the answer is a
 * SIGNED like any other, so a later open or switch supersedes it and previous/next wait for it.
 */
function switchVoice(s: ListenMachine, e: Extract<ListenEvent, { type: 'SWITCH_VOICE' }>): Step {
  // Nothing chosen, a locked chapter: no audio to speak again. A chapter being opened: the switch would answer
  // for the outgoing one (the choice is kept and the next signing asks for it).
  if (s.kind === 'empty' || s.kind === 'locked' || s.opening !== null) return ignore(s);
  const ticket = s.ticket + 1;
  let phase: ListenMachine = s;
  if (isAttached(s)) phase = { ...s, wantPlay: false };
  else if (s.kind === 'resuming') phase = { ...common(s), kind: 'ready', source: s.source };
  return step({ ...phase, ticket, opening: ticket, switching: e.voice }, [
    { type: 'pauseElement' },
    { type: 'loading', position: null },
    { type: 'switchVoice', ticket, voice: e.voice, paragraph: e.paragraph, resume: e.playing },
  ]);
}

function signed(s: ListenMachine, e: Extract<ListenEvent, { type: 'SIGNED' }>): Step {
  if (s.opening === null || e.ticket !== s.opening) return ignore(s);
  // The outgoing chapter's position is recorded before the stored article changes.
  const { base, effect } = detached(s);
  const error = e.force ? s.error : false;
  const next: ListenMachine = { ...base, opening: null, switching: null, error, kind: 'ready', source: e.source };
  const effects: Effect[] = [
    effect,
    { type: 'nowPlaying', novel: e.novel, article: e.article, url: e.url, voice: e.voice ?? null },
    { type: 'created' },
    // A new chapter may report its own first error; a forced re-initialisation keeps the flag (no error loop).
    { type: 'loaded', position: e.position, force: e.force },
  ];
  if (!e.autoplay) return step(next, effects);
  const started = play(next, { sourceExpired: e.expired, resume: false });
  return step(started.state, [...effects, ...started.effects]);
}

/** The rules of docs/listening.md "Player state machine": the next state and the effects, in order. */
export function transition(s: ListenMachine, e: ListenEvent): Step {
  if (s.kind === 'disposed') return ignore(s);
  switch (e.type) {
    case 'SYNC':
      // Source once: the first update that qualifies sets it; later ones change nothing.
      if (s.kind !== 'empty' || !e.url) return ignore(s);
      return step({ ...common(s), kind: 'ready', source: { url: e.url, fellBack: false } }, [{ type: 'created' }]);

    case 'OPEN':
      return open(s, e);

    case 'SIGNED':
      return signed(s, e);

    case 'SIGN_FAILED':
      if (s.opening === null || e.ticket !== s.opening) return ignore(s);
      return step({ ...s, opening: null, switching: null }, [{ type: 'loadingDone' }]);

    case 'PLAY':
      return play(s, e);

    case 'PAUSE':
      if (isAttached(s)) return step({ ...s, wantPlay: false }, [{ type: 'pauseElement' }]);
      // A lookup not answered yet attaches nothing afterwards.
      if (s.kind === 'resuming') return step({ ...common(s), kind: 'ready', source: s.source }, [{ type: 'pauseElement' }]);
      return step(s, [{ type: 'pauseElement' }]);

    case 'RESUMED': {
      if (s.kind !== 'resuming' || e.gen !== s.gen) return ignore(s);
      const gen = s.gen + 1;
      return step({ ...common(s), gen, kind: 'attaching', source: s.source, wantPlay: true }, [
        { type: 'savedPosition', position: e.position },
        { type: 'attach', gen, url: s.source.url },
      ]);
    }

    case 'ATTACHED': {
      if (!isAttached(s) || e.gen !== s.gen) return step(s, [{ type: 'dropStream', stream: e.stream }]);
      const effects: Effect[] = [{ type: 'keepStream', stream: e.stream }];
      // The follower works on the continuous stream; a download is one chapter, with nothing to follow.
      if (s.source.url.includes('/stream.m3u8?')) effects.push({ type: 'follow', gen: s.gen });
      // The messaging app's browser may never say canplay.
      if (e.messagingApp) effects.push({ type: 'readyTimer', gen: s.gen });
      // Started inside the tap that asked for it where possible (native HLS): mobile browsers require that.
      if (s.wantPlay) effects.push({ type: 'safePlay', gen: s.gen });
      return step(s.kind === 'attaching' ? { ...s, kind: 'buffering' } : s, effects);
    }

    case 'STREAM_FAILED':
      if (e.gen !== s.gen || !isAttached(s)) return ignore(s);
      return failed(s, e.playing);

    case 'PLAY_REFUSED':
      // Autoplay refused (no tap yet): the player shows paused and waits for one. A pause or a new source aborting
      // the play is not a refusal (another generation, or not NotAllowedError — the controller filters that).
      if (e.gen !== s.gen || !isAttached(s)) return ignore(s);
      return step({ ...s, wantPlay: false }, [{ type: 'mirror', playing: false }]);

    case 'READY': {
      if (e.gen !== s.gen || !isAttached(s)) return ignore(s);
      if (s.kind === 'playing' || s.kind === 'paused') return step(s, [{ type: 'applyReady' }]);
      const effects: Effect[] = [{ type: 'applyReady' }, { type: 'firstReady' }];
      if (s.wantPlay) effects.push({ type: 'safePlay', gen: s.gen });
      return step({ ...s, kind: e.paused ? 'paused' : 'playing' }, effects);
    }

    case 'MEDIA_PLAY':
      if (s.kind === 'prompting') return ignore(s);
      return step(s.kind === 'paused' ? { ...s, kind: 'playing' } : s, [
        { type: 'mirror', playing: true },
        { type: 'progressTimer', on: true },
      ]);

    case 'MEDIA_PLAYING':
      // Sound is coming out: the next error may re-initialise again.
      if (s.kind === 'prompting') return ignore(s);
      return step(s.kind === 'paused' ? { ...s, kind: 'playing', error: false } : { ...s, error: false }, [
        { type: 'mirror', playing: true, clearError: true },
      ]);

    case 'MEDIA_PAUSE': {
      if (s.kind === 'prompting') return ignore(s);
      const effects: Effect[] = [
        { type: 'mirror', playing: false },
        { type: 'progressTimer', on: false },
      ];
      if (isAttached(s)) effects.push({ type: 'record' });
      return step(s.kind === 'playing' ? { ...s, kind: 'paused' } : s, effects);
    }

    case 'MEDIA_ENDED': {
      // The prompt's own end drives nothing: the player waits with the chapter's source.
      if (s.kind === 'prompting') return step({ ...common(s), kind: 'ready', source: s.source });
      if (!isAttached(s)) return ignore(s);
      const effects: Effect[] = [];
      if (e.counter > 0) effects.push({ type: 'countDown', counter: e.counter - 1 });
      effects.push({ type: 'pauseElement' }, { type: 'record' });
      if (e.counter !== 0) return step(s, [...effects, { type: 'next' }]);
      const asked = prompt(s);
      return step(asked.state, [...effects, ...asked.effects, { type: 'openPlaySetting', settingType: e.settingType }]);
    }

    case 'MEDIA_ERROR':
      // An element emptied on purpose (a detach) has no error: nothing to handle.
      if (s.kind === 'prompting' || !e.hasError) return ignore(s);
      return failed(s, e.playing);

    case 'TIME':
      return isAttached(s) ? step(s, [{ type: 'time' }]) : ignore(s);
    case 'BUFFERED':
      return isAttached(s) ? step(s, [{ type: 'buffered' }]) : ignore(s);
    case 'DURATION':
      return isAttached(s) ? step(s, [{ type: 'duration' }]) : ignore(s);

    case 'PROMPT':
      return isAttached(s) ? prompt(s) : ignore(s);

    case 'STEP':
      // The chapter being opened is not the stored article yet: a step now would open the same chapter again.
      return s.opening !== null ? ignore(s) : step(s);

    case 'SWITCH_VOICE':
      return switchVoice(s, e);

    case 'HIDE':
      return isAttached(s) ? step(s, [{ type: 'record' }]) : ignore(s);

    case 'DISPOSE': {
      const { base, effect } = detached(s);
      return step({ ...base, kind: 'disposed' }, [effect]);
    }
  }
}
