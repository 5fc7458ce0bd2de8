/** Texts of offline downloads (docs/offline.md): the download sheet, the 已下载 page and its player. */
export const OFFLINE_TEXT = {
  download: '下载',
  sheetTitle: '下载到本机',
  countLabel: '从第一章起下载章数',
  fromCurrent: (title: string) => `从「${title}」起`,
  chaptersUnit: '章',
  checking: '正在计算大小…',
  sizeBefore: (n: number, size: string) => `可下载 ${n} 章，共约 ${size}`,
  excluded: (n: number) => `其中 ${n} 章需购买后才能下载，已跳过`,
  textOnly: (n: number) => `${n} 章的音频尚未生成，只下载文字（稍后再下载可得到音频）`,
  nothing: '这一范围内没有可下载的章节',
  start: '开始下载',
  cancel: '取消',
  close: '关闭',
  progress: (done: number, total: number) => `正在下载 ${done}/${total}`,
  done: (size: string) => `下载完成，本次占用 ${size}`,
  failed: (n: number) => `${n} 章下载失败，可稍后重试`,
  storageUsed: (used: string) => `已下载内容共占用 ${used}`,
  storageQuota: (used: string, quota: string) => `本机存储：已用 ${used} / 可用 ${quota}`,
  unsupported: '当前浏览器不支持离线下载，请使用最新版 Chrome、Edge 或 Safari',
  signIn: '登录后才能下载',
  pageTitle: '已下载',
  empty: '还没有下载的章节。在书籍详情页点“下载”即可离线阅读和收听。',
  read: '阅读',
  play: '收听',
  pause: '暂停',
  delete: '删除',
  deleteNovel: '删除本书',
  textOnlyBadge: '仅文字',
  offlineNow: '当前处于离线状态，只能打开已下载的内容',
  recheckRemoved: (n: number) => `${n} 章已无权收听（如已退款或会员到期），已从本机删除`,
  // iOS Safari plays HLS itself and a service worker cannot answer those requests (docs/offline.md "iOS").
  iosNoOffline: '此浏览器无法离线播放已下载的音频，请使用 Chrome 或 iOS 17.1 以上的 Safari；文字仍可离线阅读',
  playFailed: '音频播放失败',
} as const;

/** Bytes as the sheet and the list show them: KB below 1 MB, MB with one decimal above. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
