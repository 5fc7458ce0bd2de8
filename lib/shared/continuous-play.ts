/**
 * Continuous play (docs/listening.md "Player rules"): the setting's type gives how many more episodes play on their own after this one.
 * Type 1 → 3 episodes, 2 → 8, 3 → unlimited (-1); anything else (0, "off") → 0, which stops after this episode.
 */
export const CONTINUOUS_PLAY_UNLIMITED = -1;

export const CONTINUOUS_PLAY_OPTIONS = [
  { type: 0, label: '播完本集停止', short: '关' },
  { type: 1, label: '连续播放3集', short: '3集' },
  { type: 2, label: '连续播放8集', short: '8集' },
  { type: 3, label: '一直连续播放', short: '不限' },
] as const;

export function continuousPlayCount(type: number): number {
  switch (type) {
    case 1:
      return 3;
    case 2:
      return 8;
    case 3:
      return CONTINUOUS_PLAY_UNLIMITED;
    default:
      return 0;
  }
}
