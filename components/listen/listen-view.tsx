'use client';

import Link from 'next/link';
import { MinorsUsageGate } from '@/components/minors/usage-gate';
import dynamic from 'next/dynamic';
import { ShareButton } from '@/components/novel/share-button';
import { WxShare } from '@/components/share/wx-share';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Cover } from '@/components/novel/cover';
import { OptionalIsland } from '@/components/ui/optional-island';
import { rememberArticle } from '@/lib/client/reader/article-cache';
import { requestListenHost, useListenController } from '@/lib/client/listen/registry';
import { paragraphAt } from '@/lib/client/listen/time-track';
import { useTimeTrack } from '@/lib/client/listen/use-time-track';
import { PLAYBACK_RATES, useListenStore } from '@/lib/client/stores/listen-store';
import { useModalStore } from '@/lib/client/stores/modal-store';
import { CONTINUOUS_PLAY_OPTIONS } from '@/lib/shared/continuous-play';
import type { ReadChapter } from '@/lib/shared/dto/reading';
import { MSG } from '@/lib/shared/messages';
import { listenHref } from '@/lib/shared/reader-links';
import { FavoriteTtsButton } from './favorite-tts-button';
import { ListenText } from './listen-text';
import { PlayPauseIcon } from './play-pause-icon';
import { SeekBar } from './seek-bar';
import { SimilarAudioSlot } from './similar-audio-slot';
import { AdSlot } from '../ads/ad-slot';
import { SleepTimer } from './sleep-timer';
import { VoiceButton } from './voice-button';
import { VOICE_TEXT } from '@/lib/shared/voice-text';

const SKIP_SECONDS = 15;

// Loaded only on a locked chapter's page (docs/listening.md "Preview of a locked chapter"): the page's first-load
// JavaScript stays within its budget.
const ListenPreview = dynamic(() => import('./listen-preview'), { ssr: false });
// The spoken paragraph's comments and 回到正在播放 (docs/listening.md "Comments while listening"), after paint.
const ListenExtras = dynamic(() => import('./listen-extras'), { ssr: false });
// The purchase panel, on a locked chapter's page only (rendered on the server there): an open chapter's first
// load does not carry it (docs/listening.md "Preview of a locked chapter").
const Paywall = dynamic(() => import('@/components/reader/paywall').then((m) => m.Paywall));

export interface ListenViewProps {
  initial: ReadChapter;
  readType: 1 | 2;
  author: string;
  /** Where to start (the currentTime query, or the member's listening log for this chapter). */
  initialTime: number | null;
  /** initialTime came from the listening log, not the address: it does not move audio already playing here. */
  resumeHint?: boolean;
}

function nextRate(rate: number): number {
  const i = PLAYBACK_RATES.findIndex((r) => r >= rate - 1e-9);
  return PLAYBACK_RATES[(i + 1) % PLAYBACK_RATES.length] ?? 1;
}

/**
 * The listen page's player (docs/listening.md "Listen page"): it hands its chapter to the visit's controller and shows the
 * listen state — cover and titles, seek bar, play/pause, ±15 s, previous/next, rate, chapter list, continuous
 * play, sleep timer, favourite — and the text with the spoken paragraph followed. When continuous play or a
 * button moves to another chapter, the page follows it (and its address with it).
 */
export function ListenView({ initial, readType, author, initialTime, resumeHint = false }: ListenViewProps) {
  const controller = useListenController();
  const [chapter, setChapter] = useState(initial);
  const opened = useRef(false);
  // Whether the controller has been handed this view's chapter: until then the listen state describes another.
  const [taken, setTaken] = useState(false);
  // Where a locked chapter's preview is: a purchase continues the full chapter from there.
  const previewAt = useRef(0);
  const s = useListenStore(
    useShallow((st) => ({
      articleId: st.article?.id,
      playing: st.playing,
      currentTime: st.currentTime,
      duration: st.duration,
      buffered: st.buffered,
      rate: st.playbackRate,
      sleepAt: st.sleepAt,
      loading: st.loading,
      continuousType: st.continuousPlayType,
      guideDone: st.guideReadComplete,
      voice: st.voice,
      preparingVoice: st.preparingVoice,
    })),
  );

  useEffect(() => {
    useListenStore.getState().hydrate();
    requestListenHost();
  }, []);

  // Declared before the time-track hook: the chapter reaches the controller before its polled track does.
  useEffect(() => {
    if (!controller || opened.current) return;
    opened.current = true;
    void controller.open(initial, { readType, position: initialTime, positionIsHint: resumeHint, autoplay: true, author });
    setTaken(true);
  }, [controller, initial, readType, initialTime, resumeHint, author]);

  useEffect(() => {
    if (!controller || !opened.current || !s.articleId || s.articleId === chapter.id) return;
    const next = controller.currentChapter();
    if (next?.id !== s.articleId) return;
    setChapter(next);
    window.history.replaceState(null, '', listenHref(next.id, null, readType));
    window.scrollTo(0, 0);
  }, [controller, s.articleId, chapter.id, readType]);

  // The voice heard picks the time track (docs/listening.md "Voices on the listen page"); after a switch on this
  // page the chapter's own track is surely another voice's.
  const [firstVoice, setFirstVoice] = useState<{ id: number; voice: string } | null>(null);
  const heardVoice = taken && s.articleId === chapter.id ? s.voice : null;
  if (heardVoice && firstVoice?.id !== chapter.id) setFirstVoice({ id: chapter.id, voice: heardVoice });
  const switched = Boolean(heardVoice && firstVoice?.id === chapter.id && firstVoice.voice !== heardVoice);
  const track = useTimeTrack(chapter, heardVoice, switched);
  // The sleep timer's paragraph boundaries read the track of the moment (docs/listening.md "Sleep timer").
  const trackRef = useRef(track);
  useEffect(() => {
    trackRef.current = track;
  }, [track]);
  const current = taken && s.articleId === chapter.id;
  const time = current ? s.currentTime : (initialTime ?? 0);
  const active = current ? paragraphAt(track, s.currentTime) : -1;
  const continuous = CONTINUOUS_PLAY_OPTIONS.find((o) => o.type === s.continuousType) ?? CONTINUOUS_PLAY_OPTIONS[0];

  // One function for the page's life: the text's paragraphs are memoised, and a new callback on every time update
  // (four a second while playing) would re-render each of them (docs/listening.md "Listen page").
  const seekText = useRef<(t: number) => void>(() => {});
  useEffect(() => {
    seekText.current = (t) => {
      controller?.seek(t);
      if (!s.playing) controller?.play();
    };
  });
  const onSeekText = useCallback((t: number) => seekText.current(t), []);

  function onUnlocked(c: ReadChapter) {
    rememberArticle(c);
    setChapter(c);
    const from = c.locked ? 0 : previewAt.current;
    previewAt.current = 0;
    void controller?.open(c, { readType, position: from, autoplay: true, author });
  }

  return (
    <div className="listen">
      <MinorsUsageGate kind="listen" />
      <header className="listen-top">
        <Link href={`/m/novels/${chapter.novel_id}`} className="listen-back" aria-label="返回书籍详情">
          ‹
        </Link>
        <span className="listen-top-title">听书</span>
        <span className="listen-top-tools">
          <FavoriteTtsButton novelId={chapter.novel_id} />
          <ShareButton path={`/m/listen/${chapter.id}`} title={`${chapter.novel.title} · ${chapter.title}`} className="listen-fav" />
        </span>
        <WxShare
          path={`/m/listen/${chapter.id}`}
          title={`${chapter.novel.title} · ${chapter.title}`}
          desc={`在书声收听《${chapter.novel.title}》${chapter.title}`}
          imgPath={`/covers/share/chapter-${chapter.id}-square.png`}
        />
      </header>

      <section className="listen-hero" aria-labelledby="listen-novel-title">
        <Cover src={chapter.novel.thumb} width={120} height={160} eager />
        <h1 id="listen-novel-title" className="listen-novel" dir={chapter.novel.dir}>
          {chapter.novel.title}
        </h1>
        <p className="listen-chapter" dir={chapter.novel.dir}>
          {chapter.title}
        </p>
        {author ? <p className="muted small">{author}</p> : null}
      </section>

      {chapter.locked ? (
        <div className="listen-locked">
          <p className="muted small">{MSG.listenLocked}</p>
          <ListenPreview
            key={chapter.id}
            articleId={chapter.id}
            languageType={chapter.novel.language_type}
            onPosition={(t) => {
              previewAt.current = t;
            }}
          />
          <Paywall chapter={chapter} onUnlocked={onUnlocked} />
        </div>
      ) : (
        <section className="listen-player" aria-label="播放控制">
          <SeekBar
            currentTime={time}
            duration={current ? s.duration : 0}
            buffered={current ? s.buffered : 0}
            onSeek={(t) => controller?.seek(t)}
          />
          <div className="listen-main">
            <button
              type="button"
              className="listen-button"
              aria-label="上一章"
              onClick={() => void controller?.previous()}
              disabled={!chapter.prev_id}
            >
              <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
                <path
                  d="M6 5h2v14H6zM20 5.6v12.8a.6.6 0 0 1-.95.5L10 12.5a.6.6 0 0 1 0-1L19.05 5.1a.6.6 0 0 1 .95.5z"
                  fill="currentColor"
                />
              </svg>
            </button>
            <button type="button" className="listen-button" aria-label="后退15秒" onClick={() => controller?.skip(-SKIP_SECONDS)}>
              <span className="listen-skip">-15</span>
            </button>
            <button
              type="button"
              className="listen-play"
              aria-label={current && s.playing ? '暂停' : '播放'}
              aria-busy={s.loading}
              // Until the visit's player is there (its code loads after the page's) a tap would do nothing.
              disabled={!controller}
              onClick={() =>
                current ? controller?.toggle() : void controller?.open(chapter, { readType, position: time, autoplay: true, author })
              }
            >
              <PlayPauseIcon playing={current && s.playing} size={30} />
            </button>
            <button type="button" className="listen-button" aria-label="前进15秒" onClick={() => controller?.skip(SKIP_SECONDS)}>
              <span className="listen-skip">+15</span>
            </button>
            <button type="button" className="listen-button" aria-label="下一章" onClick={() => void controller?.next()}>
              <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
                <path
                  d="M16 5h2v14h-2zM4 5.6v12.8a.6.6 0 0 0 .95.5L14 12.5a.6.6 0 0 0 0-1L4.95 5.1a.6.6 0 0 0-.95.5z"
                  fill="currentColor"
                />
              </svg>
            </button>
          </div>
          <div className="listen-tools">
            <button type="button" className="listen-tool" onClick={() => controller?.setRate(nextRate(s.rate))}>
              <span className="listen-tool-value">{s.rate}x</span>
              <span className="listen-tool-label">倍速</span>
            </button>
            <button
              type="button"
              className="listen-tool"
              onClick={() =>
                useModalStore.getState().open('chapters', {
                  novelId: chapter.novel_id,
                  currentArticleId: chapter.id,
                  currentIdx: chapter.idx,
                  listenReadType: readType,
                })
              }
            >
              <span className="listen-tool-value">
                {chapter.idx}/{chapter.novel.article_count}
              </span>
              <span className="listen-tool-label">目录</span>
            </button>
            <button
              type="button"
              className="listen-tool"
              onClick={() => useModalStore.getState().open('play-setting', { type: s.continuousType })}
            >
              <span className="listen-tool-value">{continuous.short}</span>
              <span className="listen-tool-label">连播</span>
            </button>
            <SleepTimer
              sleepAt={s.sleepAt}
              onSet={(choice) => {
                // The plain timer at once; fade, 本集结束 and resume live in a module loaded at the first choice
                // (first-load budget), which takes over from it.
                controller?.setSleepTimer(typeof choice === 'number' ? choice : null);
                if (controller)
                  void import('@/lib/client/listen/sleep-runner').then((r) => r.setSleep(controller, choice, () => trackRef.current));
              }}
            />
            <VoiceButton novelId={chapter.novel_id} chapterId={chapter.id} languageType={chapter.novel.language_type} />
            {/* 打赏 from the listen page too (docs/gifts-votes-pages.md "Gift modal"). */}
            <button
              type="button"
              className="listen-tool"
              onClick={() => useModalStore.getState().open('gift', { novelId: chapter.novel_id, chapterId: chapter.id, scene: 'listen' })}
            >
              <span className="listen-tool-value" aria-hidden="true">
                <svg width="20" height="20" viewBox="0 0 24 24">
                  <path
                    d="M4 11h16v9a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1zm-1-4h18v4H3zm9 0v14M12 7c-1.5-3-5-3.5-5-1s3.5 1 5 1zm0 0c1.5-3 5-3.5 5-1s-3.5 1-5 1z"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.6"
                    strokeLinejoin="round"
                  />
                </svg>
              </span>
              <span className="listen-tool-label">打赏</span>
            </button>
          </div>
          {current && s.preparingVoice ? (
            <p className="listen-voice-preparing" role="status">
              {VOICE_TEXT.preparing}
            </p>
          ) : null}
        </section>
      )}

      {!chapter.locked && !s.guideDone ? (
        <p className="listen-guide" role="note">
          <span>{MSG.listenGuide}</span>
          <button type="button" className="link-button" onClick={() => useListenStore.getState().patch({ guideReadComplete: true })}>
            知道了
          </button>
        </p>
      ) : null}
      {/* Once this chapter has been heard: the spoken paragraph is known, and the page's first load is long over. */}
      {/* Offline its chunk may not be there: the comments are left out, never the player (docs/offline.md "Offline"). */}
      {!chapter.locked && current && active >= 0 && (s.playing || s.currentTime > 0) ? (
        <OptionalIsland>
          <ListenExtras chapter={chapter} active={active} />
        </OptionalIsland>
      ) : null}
      {chapter.locked ? null : (
        <ListenText chapter={chapter} track={track} active={active} follow={current && s.playing} onSeek={onSeekText} />
      )}
      {/* docs/ads.md "Ads and placements": the listen page's ad, above the similar-audio list. */}
      <AdSlot key={chapter.id} placement="listen" languageType={chapter.novel.language_type} />
      <SimilarAudioSlot novelId={chapter.novel_id} />
    </div>
  );
}
