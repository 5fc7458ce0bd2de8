import { REWARDS_MSG as T } from '@/lib/shared/rewards-text';
import { FAN_TITLES } from '@/lib/shared/rewards';

/** The rung of the title ladder a title names (1-based), for its colour; 1 when the title is unknown. */
function levelOf(title: string): number {
  const i = FAN_TITLES.findIndex((t) => t.title === title);
  return i < 0 ? 1 : i + 1;
}

/**
 * A fan title badge beside a nickname (docs/gifts-votes-pages.md "Fan titles"): the rung's name from the ladder in
 * lib/shared/rewards.ts, warmer colours higher up. Read out as 粉丝头衔：… so it is not taken for part of the name.
 */
export function FanTitle({ title, level }: { title: string; level?: number }) {
  const tier = Math.min(4, Math.ceil((level ?? levelOf(title)) / 3));
  return (
    <span className={`fan-title fan-tier-${tier}`} aria-label={T.fanTitleLabel(title)}>
      {title}
    </span>
  );
}
