import { ADS_MSG } from '@/lib/shared/ads-text';

/**
 * How one ad looks (docs/ads.md "Ads and placements"): the picture at a fixed 16:5 ratio (so nothing moves when it loads), the
 * 广告 mark, title and one line. Shared by the pages and the console's preview, so staff see what readers will.
 */
export function AdCard({
  title,
  body,
  image,
  compact = false,
  onImageError,
}: {
  title: string;
  body: string;
  image: string;
  compact?: boolean;
  /** A picture that fails to load counts as an ad error (docs/ads.md "Client rules"). */
  onImageError?: () => void;
}) {
  return (
    <span className={compact ? 'ad-card ad-card-compact' : 'ad-card'}>
      <img className="ad-card-img" src={image} alt="" width={640} height={200} decoding="async" onError={onImageError} />
      <span className="ad-card-text">
        <span className="ad-card-mark">{ADS_MSG.adLabel}</span>
        <strong>{title}</strong>
        {body ? <span className="ad-card-body">{body}</span> : null}
      </span>
    </span>
  );
}
