'use client';

import { useModalStore, type ModalProps } from '@/lib/client/stores/modal-store';
import { ChaptersModal } from './chapters-modal';

/** The chapters modal as the modal host opens it: closing goes through the one modal store. */
export function ReaderChaptersModal(props: ModalProps['chapters']) {
  const close = useModalStore((s) => s.close);
  return <ChaptersModal {...props} onClose={close} />;
}
