'use client';

import { useEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { requestListenHost, useListenController } from '@/lib/client/listen/registry';
import { useTimeTrack } from '@/lib/client/listen/use-time-track';
import { inOwnTask } from '@/lib/client/own-task';
import { useListenStore } from '@/lib/client/stores/listen-store';
import type { ReadChapter } from '@/lib/shared/dto/reading';
import { listenHref } from '@/lib/shared/reader-links';

export interface ListenPageProps {
  initial: ReadChapter;
  readType: 1 | 2;
  author: string;
  /** Where to start (the currentTime query, or the member's listening log for this chapter). */
  initialTime: number | null;
  /** initialTime came from the listening log, not the address: it does not move audio already playing here. */
  resumeHint?: boolean;
}

/**
 * The listen page's chapter and its place in the visit's player (docs/listening.md "Listen page"): hands the page's
 * chapter to the controller once it exists, follows the player to another chapter (continuous play, 下一章) with the
 * address, and reads the time track of the voice heard. Only what changes with the chapter or the voice is read from
 * the listen state here: the time (four updates a second) is read by the parts that show it, so playing re-renders
 * the seek bar and the highlight, not the page.
 */
export function useListenPage({ initial, readType, author, initialTime, resumeHint = false }: ListenPageProps) {
  const controller = useListenController();
  const [chapter, setChapter] = useState(initial);
  const opened = useRef(false);
  // Whether the controller has been handed this view's chapter: until then the listen state describes another.
  const [taken, setTaken] = useState(false);
  const { articleId, voice } = useListenStore(useShallow((st) => ({ articleId: st.article?.id, voice: st.voice })));

  // The stored listen state and the player's code come in a task after hydration's: both re-render the page's
  // player parts at once, which inside hydration's task made it the listen page's longest.
  useEffect(() => {
    inOwnTask(() => {
      useListenStore.getState().hydrate();
      requestListenHost();
    });
  }, []);

  // Declared before the time-track hook: the chapter reaches the controller before its polled track does.
  useEffect(() => {
    if (!controller || opened.current) return;
    opened.current = true;
    void controller.open(initial, { readType, position: initialTime, positionIsHint: resumeHint, autoplay: true, author });
    setTaken(true);
  }, [controller, initial, readType, initialTime, resumeHint, author]);

  useEffect(() => {
    if (!controller || !opened.current || !articleId || articleId === chapter.id) return;
    const next = controller.currentChapter();
    if (next?.id !== articleId) return;
    setChapter(next);
    window.history.replaceState(null, '', listenHref(next.id, null, readType));
    window.scrollTo(0, 0);
  }, [controller, articleId, chapter.id, readType]);

  // The voice heard picks the time track (docs/listening.md "Voices on the listen page"); after a switch on this
  // page the chapter's own track is surely another voice's.
  const [firstVoice, setFirstVoice] = useState<{ id: number; voice: string } | null>(null);
  const current = taken && articleId === chapter.id;
  const heardVoice = current ? voice : null;
  if (heardVoice && firstVoice?.id !== chapter.id) setFirstVoice({ id: chapter.id, voice: heardVoice });
  const switched = Boolean(heardVoice && firstVoice?.id === chapter.id && firstVoice.voice !== heardVoice);
  const track = useTimeTrack(chapter, heardVoice, switched);

  return { controller, chapter, setChapter, current, track };
}
