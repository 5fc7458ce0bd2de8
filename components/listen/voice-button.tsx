'use client';

import { useState } from 'react';
import { clientIsland } from '@/components/ui/client-island';
import { OptionalIsland } from '@/components/ui/optional-island';
import { VOICE_TEXT as T } from '@/lib/shared/voice-text';

// The sheet, its list call and its 试听 load at the first tap (docs/listening.md "Voices on the listen page"): the
// page's first load carries only this button; the finger's first touch starts fetching it.
const VoiceSheet = clientIsland(() => import('./voice-sheet').then((m) => m.default));

/** 音色 among the listen page's tools: opens the voice sheet for the chapter shown. */
export function VoiceButton({ novelId, chapterId, languageType }: { novelId: number; chapterId: number; languageType: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="listen-tool"
        aria-haspopup="dialog"
        onPointerDown={() => void VoiceSheet.preload()}
        onClick={() => setOpen(true)}
      >
        <span className="listen-tool-value" aria-hidden="true">
          <svg width="20" height="20" viewBox="0 0 24 24">
            <path
              d="M12 3a3 3 0 0 1 3 3v6a3 3 0 0 1-6 0V6a3 3 0 0 1 3-3zm-6 9a6 6 0 0 0 12 0M12 18v3"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.6"
              strokeLinecap="round"
            />
          </svg>
        </span>
        <span className="listen-tool-label">{T.title}</span>
      </button>
      {open ? (
        <OptionalIsland>
          <VoiceSheet novelId={novelId} chapterId={chapterId} languageType={languageType} onClose={() => setOpen(false)} />
        </OptionalIsland>
      ) : null}
    </>
  );
}
