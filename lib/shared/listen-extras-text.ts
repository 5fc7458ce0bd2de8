/**
 * Texts of the listen page's lazily loaded parts (docs/listening.md "Preview of a locked chapter", "Comments while
 * listening"): kept out of MSG, which every page loads first.
 */
export const LISTEN_EXTRA_MSG = {
  previewPlay: '试听',
  previewPause: '暂停试听',
  previewLabel: (at: string, total: string) => `试听 ${at} / ${total}`,
  previewEnded: '试听结束，购买后从这里继续收听',
  previewLoading: '试听加载中…',
  previewNone: '本章暂无试听',
  backToSpoken: '回到正在播放',
  spokenComments: (n: number) => `本段 ${n} 条段评`,
} as const;
