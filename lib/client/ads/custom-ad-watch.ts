import type { InteractAdInfoDto } from '@/lib/shared/dto/ads';
import { api } from '../api';
import { loadConfig } from '../config';
import { memberId } from '../identity';
import { useModalStore } from '../stores/modal-store';
import { adStorage, customModalAllowed, customModalShownToday, scheduleCustomModal } from './rules';

/**
 * Opens the custom-ad modal (docs/ads.md "Custom-ad modal") at most once a day, 1 s after the member's offer is known,
 * only if no other modal is open then, ads are on, the config is not self-owned and the server says this member is
 * tagged bonus_hunter and not ad-free. Visitors never ask. Returns the cancel of what it scheduled. Loaded on demand
 * by CustomAdTrigger, so none of this weighs on home's first load.
 */
export function watchCustomAd(languageType: number | undefined): () => void {
  const storage = adStorage();
  if (!memberId() || customModalShownToday(storage)) return () => {};
  let cancel: (() => void) | undefined;
  let live = true;
  void (async () => {
    const flags = await loadConfig().catch(() => null);
    if (!live || !flags?.is_ad_enabled || flags.self_owned) return;
    const info = await api<InteractAdInfoDto>('/v1/ads/interact_ad_info', { query: { language_type: languageType }, silent: true }).catch(
      () => null,
    );
    if (!live || !info) return;
    const gate = { signedIn: true, isAdEnabled: flags.is_ad_enabled, selfOwned: flags.self_owned, bonusHunterOffer: info.show };
    if (!customModalAllowed(gate, storage)) return;
    cancel = scheduleCustomModal({
      storage,
      otherModalOpen: () => useModalStore.getState().current !== null,
      open: () => useModalStore.getState().open('custom-ad', { info }),
    });
  })();
  return () => {
    live = false;
    cancel?.();
  };
}
