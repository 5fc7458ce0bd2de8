'use client';

import { Dialog, DialogClose } from '@/components/ui/dialog';
import { listenController } from '@/lib/client/listen/registry';
import { useListenStore } from '@/lib/client/stores/listen-store';
import { useModalStore, type ModalProps } from '@/lib/client/stores/modal-store';
import { CONTINUOUS_PLAY_OPTIONS } from '@/lib/shared/continuous-play';
import { MSG } from '@/lib/shared/messages';

/**
 * The continuous-play setting (docs/listening.md "Player rules"): the type is stored with its episode counter. Opened as an episode
 * ended with the counter at 0 (resume), a choice also goes on to the next chapter; closing stops there.
 */
export function PlaySettingModal({ type, resume = false }: ModalProps['play-setting']) {
  const close = useModalStore((s) => s.close);
  const title = resume ? MSG.keepListeningTitle : MSG.continuousPlayTitle;

  function choose(next: number) {
    useListenStore.getState().setContinuousPlayType(next);
    close();
    if (resume) void listenController()?.next(true);
  }

  return (
    <Dialog label={title} onClose={close}>
      <div className="dialog-head">
        <h2 className="dialog-title">{title}</h2>
      </div>
      <DialogClose onClose={close} />
      <ul className="listen-options">
        {CONTINUOUS_PLAY_OPTIONS.map((o) => (
          <li key={o.type}>
            <button type="button" className="listen-option" aria-pressed={o.type === type} onClick={() => choose(o.type)}>
              {o.label}
            </button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
