import type { AdPlacement } from '../ads';

/** One served ad (docs/ads.md "Calls"): token is this impression's, sent back with a click. */
export interface AdDto {
  id: number;
  placement: AdPlacement;
  title: string;
  body: string;
  image: string;
  token: string;
}

/** GET /v1/ads/get_ads and /v1/mediads: ad_free members (VIP, 9.9 removal) get an empty list and no token is issued. */
export interface AdListDto {
  ad_free: boolean;
  list: AdDto[];
}

/** GET /v1/ads/interact_ad_info: the custom-ad modal's content and its 9.9 offer for this member. */
export interface InteractAdInfoDto {
  /** Whether the modal may show for this member at all (the browser still applies once a day and no other modal). */
  show: boolean;
  text: string;
  ad: AdDto | null;
  /** The permanent ad removal on sale, with the scene its buy is recorded under. */
  offer: { product_id: number; name: string; price: number; scene: number } | null;
}

/** POST /v1/ads/click: where the click leads (only the destination staff entered). */
export interface AdClickDto {
  url: string;
  counted: boolean;
}

/** The current static files for this host (in GET /v1/spa/config as ads_files). */
export interface AdFilesDto {
  ads: string;
  reader: string;
}
