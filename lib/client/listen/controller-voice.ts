import type { ReadChapter } from '@/lib/shared/dto/reading';
import { VOICE_TEXT } from '@/lib/shared/voice-text';
import type { ListenNovel } from '../stores/listen-store';
import { ControllerEffects } from './controller-effects';
import { store } from './controller-media';
import type { SignedAudio } from './listen-deps';
import { isAttached, type Effect, type Source } from './machine';
import { paragraphAt, paragraphStart } from './time-track';

/** A voice switch asks the new voice's time track this often while its paragraph is being made. */
export const VOICE_TRACK_POLL_MS = 1_000;
/** …and gives up (the old voice plays on) after this many failed reads in a row. */
const VOICE_TRACK_ATTEMPTS = 5;

/**
 * The listen controller's voices (docs/listening.md "Voices on the listen page"): which voice a chapter is signed
 * in, and switching the chapter heard to another voice from the paragraph spoken. ./controller.ts is built on it.
 */
export abstract class ControllerVoice extends ControllerEffects {
  /** Signs in `voice` (absent: the server's choice); the answer names the voice when the server says. */
  protected async sign(baseUrl: string, voice: string | null): Promise<SignedAudio> {
    const answer = await (voice ? this.deps.signUrl(baseUrl, voice) : this.deps.signUrl(baseUrl));
    return typeof answer === 'string' ? { url: answer, voice } : { url: answer.url, voice: answer.voice ?? voice };
  }

  /**
   * The voice a chapter is signed in (docs/listening.md "Voices on the listen page"): the one chosen in this
   * browser for its language, else the one heard in the same novel (continuous play keeps it), else none — the
   * member's saved choice or the defaults, as the server resolves them. `before`: the listen state before the open.
   */
  protected voiceFor(chapter: ReadChapter, before: { novel: ListenNovel | null; voice: string | null }): string | null {
    const chosen = this.deps.chosenVoice?.(chapter.novel.language_type) ?? null;
    if (chosen) return chosen;
    return before.novel?.id === chapter.novel_id ? before.voice : null;
  }

  /**
   * Another voice for the chapter heard, continuing from the paragraph spoken now (docs/listening.md "Voices on
   * the listen page"). The choice itself is saved by the caller (lib/client/actions/voices.ts).
   */
  switchVoice(voice: string): void {
    const s = store();
    if (s.needMoney || !s.article || s.voice === voice) return;
    const seconds = isAttached(this.state) && !this.follower?.ready ? this.position() : s.currentTime;
    const paragraph = this.track?.articleId === s.article.id ? paragraphAt(this.track.starts, seconds) : -1;
    this.send({ type: 'SWITCH_VOICE', voice, paragraph, playing: s.playing });
  }

  /** The switch's work: sign the chapter heard in the new voice, find the paragraph in it, answer the machine. */
  protected async switchTo({ ticket, voice, paragraph, resume }: Extract<Effect, { type: 'switchVoice' }>): Promise<void> {
    const s = store();
    const chapter = this.chapter?.id === s.article?.id ? this.chapter : null;
    const live = () => this.state.opening === ticket;
    let signed: SignedAudio | null = null;
    try {
      if (chapter?.m3u8_url && s.novel) signed = await this.sign(chapter.m3u8_url, voice);
    } catch {
      // The API client has shown the server's message.
    }
    // Signed in another voice than the one chosen: that voice is not offered (any more), nothing switches.
    if (signed?.voice && signed.voice !== voice) signed = null;
    const position = signed && chapter ? await this.paragraphStart(chapter.id, voice, paragraph, live) : null;
    if (!live()) return;
    if (!signed || !chapter || !s.novel || position === null) {
      // The old voice stays: it was only paused, and plays on if it was playing.
      this.send({ type: 'SIGN_FAILED', ticket });
      this.deps.notify(VOICE_TEXT.switchFailed);
      if (resume) this.play();
      return;
    }
    const source: Source = { url: this.streamSource(signed.url), fellBack: false };
    this.send({
      type: 'SIGNED',
      ticket,
      url: signed.url,
      source,
      expired: this.expired(source),
      novel: s.novel,
      article: { id: chapter.id, next_id: chapter.next_id, novel_id: chapter.novel_id },
      position,
      force: false,
      // Playing before the switch, or asked for meanwhile (the old voice played on a tap while this one was made).
      autoplay: resume || store().playing,
      voice: signed.voice ?? voice,
    });
  }

  /**
   * Where paragraph `idx` starts in the voice's audio: asked of its time track until the paragraph is published —
   * the next one has started, or the chapter is complete — so playback starts on audio that exists. Null when the
   * track cannot be read (VOICE_TRACK_ATTEMPTS failures in a row) or the switch was superseded.
   */
  protected async paragraphStart(articleId: number, voice: string, idx: number, live: () => boolean): Promise<number | null> {
    if (idx <= 0 || !this.deps.voiceTimeTrack) return 0;
    let failures = 0;
    while (live()) {
      const answer = await this.deps.voiceTimeTrack(articleId, voice).catch(() => null);
      if (!live()) return null;
      if (answer) {
        failures = 0;
        const starts = answer.time_track;
        const start = paragraphStart(starts, idx);
        if (start !== null && (answer.complete || paragraphStart(starts, idx + 1) !== null)) return start;
        // A track that ends before the paragraph (the text changed meanwhile): its last paragraph.
        if (answer.complete) return starts[starts.length - 1] ?? 0;
      } else if (++failures >= VOICE_TRACK_ATTEMPTS) return null;
      await new Promise((resolve) => setTimeout(resolve, VOICE_TRACK_POLL_MS));
    }
    return null;
  }
}
