'use client';

import { useEffect, useRef, useState } from 'react';
import { attachStream } from '@/lib/client/listen/attach-stream';
import { ListenController } from '@/lib/client/listen/controller';
import {
  downloadedPlaylist,
  fetchListenChapter,
  fetchVoiceTimeTrack,
  postListenProgress,
  savedListenPosition,
  signStreamUrl,
} from '@/lib/client/listen/listen-api';
import { bindMediaSession } from '@/lib/client/listen/media-session';
import { registerListenController } from '@/lib/client/listen/registry';
import { forgetVoice, storedVoice } from '@/lib/client/listen/voice-choice';
import { useListenStore } from '@/lib/client/stores/listen-store';
import { useModalStore } from '@/lib/client/stores/modal-store';
import { toast } from '@/lib/client/stores/toast-store';
import { detectUa } from '@/lib/shared/ua';
import { MiniPlayer } from './mini-player';

/**
 * The player of this visit, loaded only once there is something to listen to: the one <audio> element, the
 * controller that drives it, the lock-screen controls and the mini player. The /m layout keeps it mounted, so
 * playback survives navigation between pages.
 */
export default function ListenHost() {
  const audio = useRef<HTMLAudioElement>(null);
  const [controller, setController] = useState<ListenController | null>(null);

  useEffect(() => {
    const c = new ListenController({
      media: audio.current!,
      attach: attachStream,
      fetchChapter: fetchListenChapter,
      signUrl: signStreamUrl,
      // The listener's voice (docs/listening.md "Voices on the listen page"): asked for at every signing, and the
      // new voice's time track while a switch waits for its paragraph.
      chosenVoice: storedVoice,
      forgetVoice,
      voiceTimeTrack: fetchVoiceTimeTrack,
      postProgress: postListenProgress,
      savedPosition: savedListenPosition,
      openPlaySetting: (type) => useModalStore.getState().open('play-setting', { type, resume: true }),
      notify: (text) => toast(text),
      messagingApp: detectUa(navigator.userAgent).wechat,
      // The continuous stream (docs/listening.md "Continuous stream"), its follower loaded at the first play like hls.js.
      loadStreamFollower: () => import('@/lib/client/listen/stream-follow').then((m) => m.StreamFollower),
      // Offline, a downloaded chapter plays from the download (docs/offline.md "Offline").
      downloadedSource: downloadedPlaylist,
    });
    registerListenController(c);
    setController(c);
    const unbindSession = bindMediaSession(c);
    // Leaving or hiding the page records where the listener is (a reload then resumes there).
    const onHide = () => c.flushProgress();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') onHide();
    };
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    // The first-listen surprise (docs/activity-pages.md "Surprises"): asked about after a minute of playing, so its
    // watcher loads at the first play, not with the page (docs/operations.md "First-load JavaScript").
    let stopSurprise: (() => void) | undefined;
    let disposed = false;
    const playing = () => useListenStore.getState().playing;
    const watchSurprise = () => {
      unwatchPlay();
      void import('@/lib/client/surprise-watch')
        .then((m) => {
          if (!disposed) stopSurprise = m.watchListeningSurprise(playing);
        })
        .catch(() => undefined);
    };
    const unwatchPlay = useListenStore.subscribe((state) => {
      if (state.playing) watchSurprise();
    });
    if (playing()) watchSurprise();
    return () => {
      disposed = true;
      unwatchPlay();
      stopSurprise?.();
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
      unbindSession();
      registerListenController(null);
      c.dispose();
    };
  }, []);

  return (
    <>
      {/* Nothing loads before a play: preload none; playsInline keeps iOS from going full screen. */}
      <audio ref={audio} id="listen-media" preload="none" playsInline hidden />
      {controller ? <MiniPlayer controller={controller} /> : null}
    </>
  );
}
