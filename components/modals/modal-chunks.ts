import type { ModalName } from '@/lib/client/stores/modal-store';

// The gift and vote sheets' code, shared by the modal host (which renders them) and the buttons that open them
// (which fetch it ahead of the tap): one import, so a chunk fetched ahead is the one the host renders.
export const loadGiftModal = () => import('./gift-modal').then((m) => m.GiftModal);
export const loadVoteModal = () => import('./vote-modal').then((m) => m.VoteModal);

const AHEAD: { [K in ModalName]?: () => Promise<unknown> } = { gift: loadGiftModal, vote: loadVoteModal };

/**
 * Fetches a modal's chunk before it is opened — when the button that opens it nears the screen, or at the finger's
 * first touch — so the sheet opens at the tap, not a round trip later (docs/gifts-votes-pages.md "Gift modal").
 * Other modals load when opened. A failed fetch is left to the host, which shows nothing (docs/offline.md "Offline").
 */
export function preloadModal(name: ModalName): void {
  void AHEAD[name]?.().catch(() => undefined);
}
