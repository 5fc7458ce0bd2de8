import type { TopTipperDto as TopTipper } from '@/lib/shared/dto/fans-page';
import { FanTitle } from './fan-title';

/** The top tippers with avatar, name and coins: a compact row on the novel page, a podium on the rewards page. */
export function TopTippers({ tippers, variant }: { tippers: TopTipper[]; variant: 'row' | 'podium' }) {
  const size = variant === 'podium' ? 56 : 40;
  return (
    <ol className={variant === 'podium' ? 'podium' : 'tipper-row'}>
      {tippers.map((t) => (
        <li key={t.member_id}>
          <img src={t.headimgurl} alt="" width={size} height={size} className="avatar" />
          {variant === 'podium' ? <strong>{t.nickname}</strong> : <span>{t.nickname}</span>}
          {variant === 'podium' && t.fan_title ? <FanTitle title={t.fan_title} /> : null}
          <span className="muted small">{t.welth} 书币</span>
        </li>
      ))}
    </ol>
  );
}
