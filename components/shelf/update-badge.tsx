import { MSG } from '@/lib/shared/messages';

/** "更新N章": chapters published since the reader last read the novel. */
export function UpdateBadge({ count }: { count: number }) {
  return count > 0 ? <span className="update-badge">{MSG.updated(count)}</span> : null;
}
