'use client';

import { useEffect, useRef, useState } from 'react';
import { IMPORT_TEXT as T } from '@/lib/shared/content-import-text';
import { navigate } from '@/lib/client/navigate';

/**
 * The upload form's one piece of JavaScript (docs/content.md "Import"): sends the form with XHR to show upload
 * progress, then 解析中… while the server parses; the server's redirect to the preview is where the browser goes. A
 * refusal is shown beside the button and the form keeps what was typed and chosen. Without JavaScript the form posts
 * as it is, and a refusal comes back as the page's flash.
 */
export function UploadProgress({ maxBytes }: { maxBytes: number }) {
  const ref = useRef<HTMLOutputElement>(null);
  const [status, setStatus] = useState('');
  useEffect(() => {
    const form = ref.current?.closest('form');
    if (!form) return;
    const onSubmit = (event: SubmitEvent) => {
      event.preventDefault();
      // Saves sending 50 MB only to hear it is too much; the server checks again.
      const file = (form.elements.namedItem('file') as HTMLInputElement | null)?.files?.[0];
      if (file && file.size > maxBytes) {
        setStatus(T.tooLarge(Math.round(maxBytes / 1024 / 1024)));
        return;
      }
      const xhr = new XMLHttpRequest();
      xhr.open('POST', form.action);
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable) setStatus(e.loaded >= e.total ? T.parsing : T.uploading(Math.floor((e.loaded / e.total) * 100)));
      };
      xhr.upload.onload = () => setStatus(T.parsing);
      const again = () => {
        for (const button of form.querySelectorAll('button')) button.disabled = false;
      };
      xhr.onload = () => {
        // A refusal comes back to this form with its line in `err`: show it here instead of reloading the page, so
        // the title, author, options and the chosen file stay as the editor left them.
        const landed = xhr.responseURL ? new URL(xhr.responseURL) : null;
        const refusal = landed && landed.pathname === window.location.pathname ? landed.searchParams.get('err') : null;
        if (refusal) {
          setStatus(refusal);
          again();
          return;
        }
        navigate.assign(xhr.responseURL || form.action);
      };
      xhr.onerror = () => {
        setStatus(T.uploadFailed);
        again();
      };
      for (const button of form.querySelectorAll('button')) button.disabled = true;
      setStatus(T.uploading(0));
      xhr.send(new FormData(form));
    };
    form.addEventListener('submit', onSubmit);
    return () => form.removeEventListener('submit', onSubmit);
  }, [maxBytes]);
  return (
    <output ref={ref} aria-live="polite" className="upload-status">
      {status}
    </output>
  );
}
