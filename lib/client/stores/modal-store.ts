import { create } from 'zustand';
import type { Promotion } from '@/lib/shared/dto/shop';
import type { GameLogDto } from '@/lib/shared/dto/activity';
import type { PromoCopyVariant } from '@/lib/shared/dto/games';
import type { InteractAdInfoDto } from '@/lib/shared/dto/ads';

/** The modals (docs/shell.md "Modals"), each with its own props. */
export interface ModalProps {
  confirm: {
    title: string;
    message?: string;
    confirmText?: string;
    cancelText?: string;
    onConfirm?: () => void;
    onCancel?: () => void;
  };
  /** The lottery-chance modal: a check-in or a claim just granted a chance (docs/activity-pages.md). */
  lottery: Record<string, never>;
  /** copy: the variant of the popup copy experiment this reader was given (docs/experiments.md). */
  'promotion-popup': { promotion: Promotion; copy?: PromoCopyVariant };
  /** The wheel's result (docs/activity-pages.md "Spin-win modal"); onAgain draws again while chances are left. */
  'spin-win': { record: GameLogDto; chances: number; onAgain?: () => void };
  /** The custom-ad modal and its 9.9 offer (docs/ads.md "Custom-ad modal"). */
  'custom-ad': { info: InteractAdInfoDto };
  /** onDone runs after a successful purchase; without it the page is refreshed. */
  'novel-buy': { novelId: number; price: number; onDone?: () => void };
  /** 批量购买 from chapter articleId (docs/wallet.md "Batch buying"); onDone gets the chapters bought. */
  'batch-buy': { novelId: number; articleId: number; onDone?: (bought: number[]) => void };
  'user-recharge': { articleId?: number; returnUrl?: string };
  'user-subscribe': { articleId?: number };
  'read-continue': Record<string, never>;
  vote: { novelId: number };
  /** scene: where the gift was sent from (recorded with the tip, docs/gifts-votes-pages.md). */
  gift: { novelId: number; chapterId?: number; scene?: 'novel' | 'reader' | 'listen' | 'rewards' };
  'checkin-stats': Record<string, never>;
  /** listenReadType: the list opens chapters on the listen page (with this read_type) instead of the reader. */
  chapters: { novelId: number; currentArticleId?: number; currentIdx?: number; listenReadType?: 1 | 2; dir?: 'ltr' | 'rtl' };
  /** The continuous-play setting (docs/listening.md "Player rules"); resume: opened as a chapter ended, so a choice goes on to the next. */
  'play-setting': { type: number; resume?: boolean };
}

export type ModalName = keyof ModalProps;

type OpenModal = { [K in ModalName]: { name: K; props: ModalProps[K] } }[ModalName];

interface ModalState {
  current: OpenModal | null;
  open: <K extends ModalName>(name: K, props: ModalProps[K]) => void;
  close: () => void;
}

/** Only one modal is open at a time (docs/shell.md "Modals"): opening one replaces any other. */
export const useModalStore = create<ModalState>((set) => ({
  current: null,
  open: (name, props) => set({ current: { name, props } as OpenModal }),
  close: () => set({ current: null }),
}));
