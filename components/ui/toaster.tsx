'use client';

import { useToastStore } from '@/lib/client/stores/toast-store';

export function Toaster() {
  const toasts = useToastStore((s) => s.toasts);
  const current = toasts.at(-1);
  return (
    <div className="toaster" role="status" aria-live="assertive">
      {current ? (
        <>
          {current.mask ? <div className="toast-mask" data-testid="toast-mask" /> : null}
          <div className="toast" key={current.id}>
            {current.text}
          </div>
        </>
      ) : null}
    </div>
  );
}
