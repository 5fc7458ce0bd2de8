'use client';

import { useEffect, useRef, useState } from 'react';
import { IMPORT_TEXT as T } from '@/lib/shared/content-import-text';

/**
 * The upload form's one piece of JavaScript (docs/content.md "Import"): sends the form with XHR to show upload
 * progress, then 解析中… while the server parses; the server's redirect (preview or the form with its message) is
 * where the browser goes. Without JavaScript the form posts as it is.
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
      xhr.onload = () => window.location.assign(xhr.responseURL || form.action);
      xhr.onerror = () => setStatus(T.uploadFailed);
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
