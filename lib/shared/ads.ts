/** Where an ad shows (docs/ads.md "Ads and placements"). */
export const AD_PLACEMENTS = ['home_carousel', 'chapter_end', 'listen', 'custom_modal'] as const;
export type AdPlacement = (typeof AD_PLACEMENTS)[number];

/** Who an ad is for by payment: members with a paid order, everyone else (visitors included), or both. */
export const AD_AUDIENCES = ['all', 'paid', 'unpaid'] as const;
export type AdAudience = (typeof AD_AUDIENCES)[number];

/** Which brand's host shows an ad: both, the main host only, or the alternate-brand host only. */
export const AD_BRANDS = ['all', 'main', 'alt'] as const;

/** The only business type served (get_ads' business_type=1). */
export const AD_BUSINESS_TYPE = 1;

/** How many ads one call returns per placement: the carousel a few slides, every other placement one. */
export const AD_SLOTS: Record<AdPlacement, number> = { home_carousel: 5, chapter_end: 1, listen: 1, custom_modal: 1 };

/** The static files' kinds: `ads` holds home carousel and custom-modal ads, `reader` the chapter-end and listen ones. */
export const AD_FILE_KINDS = { ads: ['home_carousel', 'custom_modal'], reader: ['chapter_end', 'listen'] } as const satisfies Record<
  string,
  readonly AdPlacement[]
>;
export type AdFileKind = keyof typeof AD_FILE_KINDS;

/** An entry of a published static file: what the browser needs to decide whether a placement has anything for it. */
export interface AdFileEntry {
  id: number;
  placement: AdPlacement;
  title: string;
  image: string;
  language_type: number | null;
  channel: number | null;
  audience: AdAudience;
  bonus_hunter_only: boolean;
  starts_at: string | null;
  ends_at: string | null;
}

export interface AdFile {
  kind: AdFileKind;
  brand: 'main' | 'alt';
  ads: AdFileEntry[];
}

/**
 * Whether a static file has any ad this visitor might get at `placement` now (docs/ads.md "Static files"): the
 * file carries the targeting rules, the browser filters on what it knows without the member (language, channel,
 * schedule) and asks the API only when something is left. Audience and bonus_hunter are decided by the server.
 */
export function fileHasCandidate(
  file: AdFile,
  placement: AdPlacement,
  where: { languageType?: number; channel?: number },
  now = Date.now(),
) {
  return file.ads.some(
    (a) =>
      a.placement === placement &&
      (a.language_type === null || where.languageType === undefined || a.language_type === where.languageType) &&
      (a.channel === null || where.channel === undefined || a.channel === where.channel) &&
      (!a.starts_at || Date.parse(a.starts_at) <= now) &&
      (!a.ends_at || Date.parse(a.ends_at) > now),
  );
}
