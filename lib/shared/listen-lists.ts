/** The listening lists (docs/listening.md "Lists"), each served at /v1/lists/{slug} (semantics: lib/server/catalog/audio-lists.ts). */
export const LISTEN_LIST_SLUGS = ['weekly', 'weekly_new', 'original', 'subscribing', 'must_listen'] as const;
export type ListenListSlug = (typeof LISTEN_LIST_SLUGS)[number];

/** Their names in the text kind (read_type 1) and the audio kind (read_type 2). */
export const LISTEN_LIST_NAMES: Record<ListenListSlug, { 1: string; 2: string }> = {
  weekly: { 1: '本周热读', 2: '本周热听' },
  weekly_new: { 1: '本周新书', 2: '本周新书' },
  original: { 1: '原创专区', 2: '原创专区' },
  subscribing: { 1: '追更热榜', 2: '追更热榜' },
  must_listen: { 1: '必听好书', 2: '必听好书' },
};
