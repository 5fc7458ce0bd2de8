'use client';

import dynamic from 'next/dynamic';
import { OptionalIsland } from '@/components/ui/optional-island';
import type { ComponentType } from 'react';
import { useModalStore, type ModalName, type ModalProps } from '@/lib/client/stores/modal-store';
import { loadGiftModal, loadVoteModal } from './modal-chunks';

type Registry = { [K in ModalName]?: ComponentType<ModalProps[K]> };

// Each modal is its own chunk, loaded when first opened, so none weighs on a page's first load.
const registry: Registry = {
  confirm: dynamic(() => import('./confirm-modal').then((m) => m.ConfirmModal)),
  'novel-buy': dynamic(() => import('./novel-buy-modal').then((m) => m.NovelBuyModal)),
  'batch-buy': dynamic(() => import('./batch-buy-modal').then((m) => m.BatchBuyModal)),
  'user-recharge': dynamic(() => import('./user-recharge-modal').then((m) => m.UserRechargeModal)),
  'user-subscribe': dynamic(() => import('./user-subscribe-modal').then((m) => m.UserSubscribeModal)),
  'promotion-popup': dynamic(() => import('./promotion-popup-modal').then((m) => m.PromotionPopupModal)),
  gift: dynamic(() => loadGiftModal()),
  vote: dynamic(() => loadVoteModal()),
  chapters: dynamic(() => import('@/components/reader/reader-chapters-modal').then((m) => m.ReaderChaptersModal)),
  'read-continue': dynamic(() => import('@/components/reader/read-continue-modal').then((m) => m.ReadContinueModal)),
  'checkin-stats': dynamic(() => import('./checkin-stats-modal').then((m) => m.CheckinStatsModal)),
  lottery: dynamic(() => import('./lottery-chance-modal').then((m) => m.LotteryChanceModal)),
  'spin-win': dynamic(() => import('./spin-win-modal').then((m) => m.SpinWinModal)),
  'custom-ad': dynamic(() => import('@/components/ads/custom-ad-modal').then((m) => m.CustomAdModal)),
  'play-setting': dynamic(() => import('@/components/listen/play-setting-modal').then((m) => m.PlaySettingModal)),
};

/** Renders the one open modal (one at a time, with its props: docs/shell.md "Modals"). Feature issues add their modals to the registry. */
export function ModalHost() {
  const current = useModalStore((s) => s.current);
  if (!current) return null;
  const Component = registry[current.name] as ComponentType<typeof current.props> | undefined;
  // A modal whose chunk cannot be fetched (offline: the keep-listening setting at a chapter's end) is not shown,
  // rather than taking the page and the player in the layout with it (docs/offline.md "Offline").
  return Component ? (
    <OptionalIsland key={current.name}>
      <Component {...current.props} />
    </OptionalIsland>
  ) : null;
}
