'use client';

import { useEffect, useState } from 'react';
import type { ReadChapter } from '@/lib/shared/dto/reading';
import { useTtsTimeTrack } from '../swr/use-tts-time-track';
import { useListenController } from './registry';

/**
 * The chapter's time track: the one it came with when its audio was already made, otherwise polled every few
 * seconds until complete. The controller gets it too, so read logs name the paragraph being spoken. With the voice
 * heard known (docs/listening.md "Voices on the listen page") it is that voice's track, asked the same way: the
 * chapter comes with its novel's default voice's. Until it is there the chapter's own stands in, unless `switched`
 * (the listener changed voice on this page: the own track is another voice's for sure).
 *
 * A chapter still being voiced is asked for before the player has said which voice it plays, so the paragraphs can
 * be tapped before play; that answer names its voice (the novel's default). When the player then reports the same
 * voice, the polling goes on under the question already asked instead of starting again under a second one.
 */
export function useTimeTrack(chapter: ReadChapter, voice: string | null = null, switched = false): readonly number[] | null {
  const own = switched ? null : chapter.time_track;
  const poll = (voice !== null || !own) && !chapter.locked && chapter.novel.has_tts;
  // The voice the voice-less question was answered with, for this chapter (null: that question failed).
  const [named, setNamed] = useState<{ id: number; voice: string | null } | null>(null);
  const knows = named?.id === chapter.id;
  // A chapter that came without a track is asked without a voice first; that question stays until it names its voice.
  const waiting = !chapter.time_track && !knows;
  const asked = voice === null || waiting || (knows && named.voice === voice) ? null : voice;
  const { data, error } = useTtsTimeTrack(poll ? chapter.id : null, asked);
  if (asked === null && poll && !knows) {
    if (data?.article_id === chapter.id) setNamed({ id: chapter.id, voice: data.voice });
    else if (error) setNamed({ id: chapter.id, voice: null });
  }
  const controller = useListenController();
  // The answer names its voice: a track of another voice is not this one's.
  const polled = data?.article_id === chapter.id && (voice === null || data.voice === voice) ? data : null;
  const track = polled?.time_track ?? own ?? null;
  const duration = polled?.duration ?? null;
  useEffect(() => controller?.setTimeTrack(chapter.id, track, duration), [controller, chapter.id, track, duration]);
  return track;
}
