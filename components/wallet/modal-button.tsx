'use client';

import type { ModalName, ModalProps } from '@/lib/client/stores/modal-store';
import { useModalStore } from '@/lib/client/stores/modal-store';

/** A button that opens one of the host's modals, for server pages that only need the tap. */
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
  return (
    <button type="button" className={className} onClick={() => useModalStore.getState().open(modal, props)}>
      {children}
    </button>
  );
}
