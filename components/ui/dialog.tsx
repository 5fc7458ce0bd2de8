'use client';

import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Modal dialog: focus moves in and stays in (Tab wraps), Escape and the backdrop close it, the page behind
 * does not scroll, focus returns on close. A bottom sheet by default; `centered` for popups.
 */
export function Dialog({
  label,
  onClose,
  children,
  centered = false,
  className,
}: {
  label: string;
  onClose: () => void;
  children: ReactNode;
  centered?: boolean;
  className?: string;
}) {
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  useLayoutEffect(() => {
    close.current = onClose;
  });
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close.current();
      if (e.key !== 'Tab' || !panel.current) return;
      const items = Array.from(panel.current.querySelectorAll<HTMLElement>(FOCUSABLE));
      if (items.length === 0) return e.preventDefault();
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const active = document.activeElement;
      if (e.shiftKey && (active === first || active === panel.current)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && active === last) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    // Moving focus and locking the page's scroll each make the browser lay out the whole page. Run in the effect (which
    // React flushes before the tap's frame), they held the sheet's first paint back by a page layout; done just after
    // that paint, the sheet shows at the tap and takes focus a frame later (docs/architecture.md "What a tap runs").
    let unlock: (() => void) | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        panel.current?.focus({ preventScroll: true });
        const overflow = document.body.style.overflow;
        document.body.style.overflow = 'hidden';
        unlock = () => (document.body.style.overflow = overflow);
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      document.removeEventListener('keydown', onKey);
      unlock?.();
      previous?.focus?.();
    };
    // Mount and unmount only: a parent re-rendering with a new onClose must not steal focus back.
  }, []);
  return (
    <div className={centered ? 'dialog-backdrop dialog-backdrop-center' : 'dialog-backdrop'} onClick={() => close.current()}>
      <div
        ref={panel}
        className={['dialog', centered ? 'dialog-center' : '', className ?? ''].filter(Boolean).join(' ')}
        role="dialog"
        aria-modal="true"
        aria-label={label}
        tabIndex={-1}
        onClick={(e) => e.stopPropagation()}
      >
        {children}
      </div>
    </div>
  );
}

/** The × in a dialog's corner: 44 px, labelled. */
export function DialogClose({ onClose, label = '关闭' }: { onClose: () => void; label?: string }) {
  return (
    <button type="button" className="dialog-close" aria-label={label} onClick={onClose}>
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </button>
  );
}
