'use client';

import type { ModalProps } from '@/lib/client/stores/modal-store';
import { useModalStore } from '@/lib/client/stores/modal-store';
import { Dialog } from '../ui/dialog';

/** Cancel-or-confirm prompt (e.g. the ad-hide confirmation). */
export function ConfirmModal({ title, message, confirmText = '确定', cancelText = '取消', onConfirm, onCancel }: ModalProps['confirm']) {
  const close = useModalStore((s) => s.close);
  return (
    <Dialog
      label={title}
      onClose={() => {
        onCancel?.();
        close();
      }}
    >
      <h2 className="dialog-title">{title}</h2>
      {message ? <p className="dialog-body">{message}</p> : null}
      <div className="dialog-actions">
        <button
          type="button"
          className="button"
          onClick={() => {
            onCancel?.();
            close();
          }}
        >
          {cancelText}
        </button>
        <button
          type="button"
          className="button button-primary"
          onClick={() => {
            close();
            onConfirm?.();
          }}
        >
          {confirmText}
        </button>
      </div>
    </Dialog>
  );
}
