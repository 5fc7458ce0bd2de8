'use client';

import { useEffect, useRef } from 'react';
import { IMPORT_TEXT as T } from '@/lib/shared/content-import-text';

/**
 * The import form's 听书 checkbox (docs/content.md "Listening"): ticked by default, and disabled — so not sent — while
 * the form's language has no voice (Tibetan), ticked again when a voiced language is chosen. Without JavaScript it
 * stays as rendered and the server voices only a language with a voice, as the hint says.
 */
export function TtsChoice({ voiced }: { voiced: number[] }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const box = ref.current;
    const language = box?.form?.elements.namedItem('language_type');
    if (!box || !(language instanceof HTMLSelectElement)) return;
    const follow = () => {
      const speaks = voiced.includes(Number(language.value));
      if (box.disabled === !speaks) return;
      box.disabled = !speaks;
      box.checked = speaks;
    };
    follow();
    language.addEventListener('change', follow);
    return () => language.removeEventListener('change', follow);
  }, [voiced]);
  return (
    <>
      <label className="check">
        <input ref={ref} type="checkbox" name="tts" value="on" defaultChecked aria-describedby="tts-hint" /> {T.tts}
      </label>
      <span id="tts-hint" className="meta">
        {T.ttsHint}
      </span>
    </>
  );
}
