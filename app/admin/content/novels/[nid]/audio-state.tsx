import { CONTENT_EDIT_TEXT as C } from '@/lib/shared/content-edit-text';
import { formatClock } from '@/lib/client/listen/format-clock';
import type { ChapterAudio } from '@/lib/server/content/voicing';

/**
 * A chapter's audio state in the console's chapter tables (docs/content.md "Listening"): 未配音, 排队中, 配音中 with
 * the length made so far, 已配音 with the chapter's length; 无语音 for a language the engine does not speak.
 */
export function AudioState({ state }: { state: ChapterAudio | null | undefined }) {
  if (!state) return <span className="meta">{C.audioNoVoice}</span>;
  const label = C.audioStates[state.kind];
  return (
    <span className={state.kind === 'voiced' ? 'badge' : state.kind === 'none' ? 'meta' : 'badge badge-busy'} data-audio={state.kind}>
      {label}
      {state.seconds !== null ? ` ${formatClock(state.seconds)}` : null}
    </span>
  );
}
