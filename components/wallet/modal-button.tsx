'use client';

import { useEffect, useRef } from 'react';
import { preloadModal } from '@/components/modals/modal-chunks';
import { useNearScreen } from '@/components/ui/use-near-screen';
import type { ModalName, ModalProps } from '@/lib/client/stores/modal-store';
import { useModalStore } from '@/lib/client/stores/modal-store';

/**
 * A button that opens one of the host's modals, for server pages that only need the tap. The gift and vote sheets'
 * code is fetched when the button nears the screen and at the first touch, so the sheet opens at the tap
 * (components/modals/modal-chunks.ts).
 */
export function ModalButton<K extends ModalName>({
  modal,
  props,
  className,
  children,
}: {
  modal: K;
  props: ModalProps[K];
  className?: string;
  children: React.ReactNode;
}) {
  const button = useRef<HTMLButtonElement>(null);
  const near = useNearScreen(button, '300px');
  useEffect(() => {
    if (near) preloadModal(modal);
  }, [near, modal]);
  return (
    <button
      ref={button}
      type="button"
      className={className}
      onPointerDown={() => preloadModal(modal)}
      onClick={() => useModalStore.getState().open(modal, props)}
    >
      {children}
    </button>
  );
}
