'use client';

import { MSG } from '@/lib/shared/messages';
import { useFollowQrcodeImage } from '@/lib/client/swr/use-follow-qrcode';
import type { ModalProps } from '@/lib/client/stores/modal-store';
import { useModalStore } from '@/lib/client/stores/modal-store';
import { Dialog, DialogClose } from '../ui/dialog';
import './modals.css';

/** Follow the official account (docs/shell.md "Modals"): the QR code from GET /v1/mp/qrcode, drawn here. */
export function UserSubscribeModal({ articleId }: ModalProps['user-subscribe']) {
  const close = useModalStore((s) => s.close);
  const { src, failed } = useFollowQrcodeImage(articleId);

  return (
    <Dialog label={MSG.subscribeTitle} onClose={close}>
      <div className="dialog-head">
        <h2 className="dialog-title">{MSG.subscribeTitle}</h2>
      </div>
      <DialogClose onClose={close} />
      <div className="qr-box">
        <p>{MSG.subscribeLead}</p>
        <div className="qr-frame" aria-busy={!src && !failed}>
          {src ? (
            <img src={src} alt="公众号二维码" width={240} height={240} />
          ) : failed ? (
            <span className="muted small" role="alert">
              {MSG.qrcodeFailed}
            </span>
          ) : (
            <span className="spinner" aria-label="二维码生成中" role="status" />
          )}
        </div>
        <p className="muted small">{MSG.subscribeSave}</p>
      </div>
    </Dialog>
  );
}
