import type { InteractAdInfoDto } from '@/lib/shared/dto/ads';
import type { Promotion } from '@/lib/shared/dto/shop';
import { api } from '../api';

/**
 * One-shot, silent reads behind a popup or a confirm (docs/shell.md "Modals", docs/ads.md "Ad removal"): asked only
 * once the page decides to offer something, and a failure simply offers nothing.
 */

/** GET /v1/promotions: the running promotions; none on failure. */
export const fetchPromotions = () => api<Promotion[]>('/v1/promotions', { silent: true }).catch((): Promotion[] => []);

/** GET /v1/ads/interact_ad_info: the ad-removal offer for this member; null on failure. */
export const fetchAdRemovalInfo = () => api<InteractAdInfoDto>('/v1/ads/interact_ad_info', { silent: true }).catch(() => null);
