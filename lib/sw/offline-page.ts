import { DOWNLOADS_PAGE, INDEX_KEY } from '@/lib/client/offline/keys';
import { fromMemberCache } from './members';
import { listRecent, type RecentEntry } from './recent';

/**
 * Our offline page (docs/offline.md "The offline page"): any /m page the worker cannot serve offline answers this
 * instead of the browser's error page. Made by the worker itself, with its styles inline and no script, so it
 * needs nothing from the network or from a build that may be gone; it lists what does open offline.
 */
interface Downloads {
  novels: { novel_id: number; title: string; chapters: { article_id: number }[] }[];
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `*{box-sizing:border-box}body{margin:0;background:#f6f6f4;color:#1c1c1e;font:16px/1.6 -apple-system,BlinkMacSystemFont,'PingFang SC','Noto Sans CJK SC','Noto Sans SC','Microsoft YaHei','Noto Sans Arabic','Noto Serif Tibetan',sans-serif}
header{position:sticky;top:0;display:flex;align-items:center;justify-content:center;height:48px;background:#fff;border-bottom:1px solid #e4e4e0;font-size:17px;font-weight:600}
main{padding:16px;max-width:600px;margin:0 auto}.lead{margin:0 0 16px;color:#5f6368;font-size:14px}
h2{margin:20px 0 8px;font-size:15px;color:#5f6368;font-weight:600}ul{list-style:none;margin:0;padding:0;background:#fff;border-radius:10px;overflow:hidden}
li+li{border-top:1px solid #e4e4e0}a{display:flex;flex-direction:column;justify-content:center;min-height:52px;padding:8px 16px;color:inherit;text-decoration:none}
.t{font-size:16px}.s{font-size:13px;color:#5f6368}.none{color:#5f6368;font-size:14px;padding:12px 16px;background:#fff;border-radius:10px}
.retry{display:flex;align-items:center;justify-content:center;min-height:44px;margin:24px 0 0;border-radius:22px;background:#b3261e;color:#fff;font-size:16px}`;

const item = (href: string, title: string, sub: string) =>
  `<li><a href="${esc(href)}"><span class="t" dir="auto">${esc(title)}</span>${sub ? `<span class="s" dir="auto">${esc(sub)}</span>` : ''}</a></li>`;

export function offlineHtml(recent: RecentEntry[], downloads: Downloads | null, shelfKept: boolean): string {
  const novels = downloads?.novels.filter((n) => n.chapters.length) ?? [];
  const recentList = recent.length
    ? `<ul>${recent.map((e) => item(`/m/read/${e.aid}?nid=${e.nid}`, e.title || '章节', [e.novel ? `《${e.novel}》` : '', e.prefetched ? '下一章，已提前保存' : ''].filter(Boolean).join(' · '))).join('')}</ul>`
    : '<p class="none">还没有保存在本机的章节。联网阅读过的章节会自动保存，离线也能打开。</p>';
  const downloadList = novels.length
    ? `<h2>已下载</h2><ul>${novels.map((n) => item(DOWNLOADS_PAGE, n.title, `${n.chapters.length} 章`)).join('')}</ul>`
    : '';
  const shelf = shelfKept ? `<h2>书架</h2><ul>${item('/m/shelf', '我的书架', '上次联网时的书架')}</ul>` : '';
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>离线 — 书声</title><style>${STYLE}</style></head>
<body><header>当前处于离线状态</header><main><p class="lead">这个页面需要联网才能打开。以下内容已保存在本机，离线也能阅读：</p>
<h2>最近阅读</h2>${recentList}${downloadList}${shelf}<a class="retry" href="">重新加载</a></main></body></html>`;
}

/** The offline page for this reader: their recent chapters, their downloads and kept shelf (a member's only). */
export async function offlinePage(): Promise<Response> {
  const index = await fromMemberCache(INDEX_KEY);
  const downloads = index ? ((await index.json().catch(() => null)) as Downloads | null) : null;
  const shelfKept = Boolean(await fromMemberCache('/m/shelf'));
  const html = offlineHtml(await listRecent(), downloads, shelfKept);
  return new Response(html, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
}
