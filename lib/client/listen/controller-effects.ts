import { KEEP_LISTENING_PROMPT_URL } from '@/lib/shared/audio';
import { WECHAT_AUDIO_READY_FALLBACK_MS } from '@/lib/shared/constants';
import { MSG } from '@/lib/shared/messages';
import type { OpenOptions } from './listen-deps';
import { isAttached, transition, type Effect, type ListenEvent, type Step } from './machine';
import { ControllerMedia, patch, store } from './controller-media';
import type { StreamHost } from './stream-follow';

/**
 * The listen controller's machine (docs/listening.md "Player state machine"): every call and every element event is
 * an event of ./machine.ts, and this layer carries out the effects its transition names — the element, hls.js, the
 * network, timers and the listen state. The calls themselves are ./controller.ts.
 */
export abstract class ControllerEffects extends ControllerMedia {
  abstract seek(seconds: number): void;
  abstract play(): void;
  abstract next(autoplay?: boolean): Promise<void>;
  abstract init(articleId: number, readType: 1 | 2, options: Omit<OpenOptions, 'readType'>): Promise<void>;
  /** The voice switch's work (./controller-voice.ts). */
  protected abstract switchTo(effect: Extract<Effect, { type: 'switchVoice' }>): Promise<void>;

  /** One event: the machine's next state, then its effects in order (an effect may send further events). */
  protected send(event: ListenEvent): Step {
    const result = transition(this.state, event);
    this.state = result.state;
    for (const effect of result.effects) this.run(effect);
    return result;
  }

  protected run(effect: Effect): void {
    switch (effect.type) {
      case 'detach':
        if (effect.record) this.report();
        this.follower = null;
        this.pendingTime = null;
        clearTimeout(this.readyTimer);
        this.stopProgressTimer();
        this.detachStream?.();
        this.detachStream = null;
        return;
      case 'created':
        patch({ isCreated: true });
        return;
      case 'showLocked': {
        const { chapter, options, novel } = effect;
        patch({
          needMoney: true,
          novel,
          article: { id: chapter.id, next_id: chapter.next_id, novel_id: chapter.novel_id },
          chapterTitle: chapter.title,
          read_type: options.readType,
          m3u8Url: null,
          currentTime: 0,
          duration: 0,
          buffered: 0,
        });
        return;
      }
      case 'showChapter':
        patch({ needMoney: false, chapterTitle: effect.chapter.title, read_type: effect.options.readType, novel: effect.novel });
        return;
      case 'keepLoaded': {
        const { position, positionIsHint } = effect.options;
        if (position !== undefined && position !== null) {
          if (!isAttached(this.state)) patch({ savedPosition: position, currentTime: position });
          else if (!positionIsHint && Math.abs(position - this.media.currentTime) > 2) this.seek(position);
        }
        if (!store().visible) store().setVisible(true);
        // The chapter already loaded keeps its state: opening its page from a paused mini player does not start it.
        return;
      }
      case 'noAudio':
        this.deps.notify(effect.chapter.novel.has_tts ? MSG.audioLoadFailed : MSG.ttsUnavailable);
        return;
      case 'loading':
        patch({ loading: true, ...(effect.position != null ? { currentTime: effect.position } : {}) });
        return;
      case 'loadingDone':
        patch({ loading: false, preparingVoice: null });
        return;
      case 'nowPlaying': {
        // A download, or a server that does not say, keeps the voice known for the same novel.
        const sameNovel = store().novel?.id === effect.novel.id;
        store().setNowPlaying({ novel: effect.novel, article: effect.article, m3u8Url: effect.url });
        if (effect.voice || !sameNovel) patch({ voice: effect.voice });
        return;
      }
      case 'switchVoice':
        patch({ preparingVoice: effect.voice });
        void this.switchTo(effect);
        return;
      case 'loaded':
        patch({
          loading: false,
          preparingVoice: null,
          savedPosition: effect.position,
          currentTime: effect.position,
          duration: 0,
          buffered: 0,
          ...(effect.force ? {} : { error: false }),
        });
        return;
      case 'pauseElement':
        this.media.pause();
        return;
      case 'renew': {
        const s = store();
        if (s.article)
          void this.init(s.article.id, s.read_type, { position: s.savedPosition ?? s.currentTime, autoplay: true, force: true });
        return;
      }
      case 'lookupPosition': {
        // Restored after a reload: resume where the member's listening log says, then start.
        const { article } = store();
        if (!article) return;
        void this.deps
          .savedPosition(article.novel_id, article.id)
          .catch(() => null)
          .then((p) => this.send({ type: 'RESUMED', gen: effect.gen, position: p ?? 0 }));
        return;
      }
      case 'savedPosition':
        patch({ savedPosition: effect.position, currentTime: effect.position });
        return;
      case 'attach':
        return this.attach(effect.gen, effect.url);
      case 'keepStream':
        this.detachStream = effect.stream;
        return;
      case 'dropStream':
        effect.stream();
        return;
      case 'follow': {
        // The follower works on this controller's own members (it is the controller's part loaded on demand).
        const { gen } = effect;
        void this.deps.loadStreamFollower?.().then((F) => {
          if (gen === this.state.gen) (this.follower = new F(this as unknown as StreamHost, gen)).read();
        });
        return;
      }
      case 'readyTimer': {
        // The messaging app's browser may never say canplay: after 300 ms treat the audio as ready (docs/listening.md "Player rules").
        const { gen } = effect;
        clearTimeout(this.readyTimer);
        this.readyTimer = setTimeout(() => this.send({ type: 'READY', gen, paused: this.media.paused }), WECHAT_AUDIO_READY_FALLBACK_MS);
        return;
      }
      case 'safePlay': {
        const { gen } = effect;
        this.media.play().catch((err: unknown) => {
          if ((err as { name?: string })?.name === 'NotAllowedError') this.send({ type: 'PLAY_REFUSED', gen });
        });
        return;
      }
      case 'applyReady':
        this.media.playbackRate = store().playbackRate;
        this.applyPendingTime();
        this.mirrorDuration();
        return;
      case 'firstReady': {
        clearTimeout(this.readyTimer);
        const saved = store().savedPosition;
        if (saved && saved > 0 && this.media.currentTime === 0) this.media.currentTime = saved;
        return;
      }
      case 'mirror':
        patch({ playing: effect.playing, ...(effect.clearError ? { error: false } : {}) });
        return;
      case 'progressTimer':
        if (effect.on) this.startProgressTimer();
        else this.stopProgressTimer();
        return;
      case 'record':
        this.report();
        return;
      case 'countDown':
        store().setContinuousPlay(effect.counter);
        return;
      case 'playPrompt':
        // The spoken "keep listening?" on the same element (the one mobile browsers let play without a tap).
        patch({ savedPosition: 0, currentTime: 0, playing: false });
        this.media.src = KEEP_LISTENING_PROMPT_URL;
        this.media.play().catch(() => undefined);
        return;
      case 'openPlaySetting':
        this.deps.openPlaySetting(effect.settingType);
        return;
      case 'next':
        void this.next(true);
        return;
      case 'flagError':
        patch({ error: true });
        return;
      case 'reinit': {
        // docs/listening.md "Player rules": the same article and read_type, at the current position.
        const s = store();
        if (!s.article) return;
        const position = this.media.currentTime > 0 ? this.media.currentTime : s.savedPosition;
        void this.init(s.article.id, s.read_type, { position, autoplay: true, force: true });
        return;
      }
      case 'time':
        return this.mirrorTime();
      case 'buffered':
        this.applyPendingTime();
        patch({ buffered: this.bufferedEnd(this.media.currentTime) });
        return;
      case 'duration':
        return this.mirrorDuration();
    }
  }
}
