'use client';

import { useEffect, useState } from 'react';
import { MSG } from '@/lib/shared/messages';
import { drawFollowQrcode } from '@/lib/client/follow-qrcode';
import { useFollowQrcode } from '@/lib/client/swr/use-follow-qrcode';
import type { ModalProps } from '@/lib/client/stores/modal-store';
import { useModalStore } from '@/lib/client/stores/modal-store';
import { Dialog, DialogClose } from '../ui/dialog';
import './modals.css';

/** Follow the official account (docs/shell.md "Modals"): the QR code from GET /v1/mp/qrcode, drawn here. */
export function UserSubscribeModal({ articleId }: ModalProps['user-subscribe']) {
  const close = useModalStore((s) => s.close);
  const { data, error } = useFollowQrcode(articleId);
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!data) return;
    let live = true;
    drawFollowQrcode(data.content, data.logo).then(
      (url) => live && setSrc(url),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [data]);

  return (
    <Dialog label={MSG.subscribeTitle} onClose={close}>
      <div className="dialog-head">
        <h2 className="dialog-title">{MSG.subscribeTitle}</h2>
      </div>
      <DialogClose onClose={close} />
      <div className="qr-box">
        <p>{MSG.subscribeLead}</p>
        <div className="qr-frame" aria-busy={!src && !failed && !error}>
          {src ? (
            <img src={src} alt="公众号二维码" width={240} height={240} />
          ) : failed || error ? (
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
