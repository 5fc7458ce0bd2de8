/**
 * The novel page's sticky action bar (docs/reading.md "Novel page's action bar"): 加入书架 | 开始阅读/继续阅读, fixed above the tab
 * bar so both stay in reach however far the page is scrolled, as in the big apps. Server-rendered; the buttons are
 * the page's existing client islands, so the cached page stays the same for every reader.
 */
export function NovelActionBar({ children }: { children: React.ReactNode }) {
  return (
    <div className="novel-action-bar" role="region" aria-label="阅读操作">
      {children}
    </div>
  );
}
