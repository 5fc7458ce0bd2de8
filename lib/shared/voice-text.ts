/**
 * The listen page's 音色 texts (docs/listening.md "Voices on the listen page"): outside MSG, which every page loads,
 * as the listen extras' are.
 */
export const VOICE_TEXT = {
  title: '音色',
  current: '当前',
  sample: '试听',
  stopSample: '停止试听',
  female: '女声',
  male: '男声',
  notReady: '本章尚未生成，选择后开始生成',
  preparing: '正在生成所选音色…',
  loadFailed: '音色列表加载失败',
  retry: '重试',
  saveFailed: '音色未能保存，请稍后重试',
  switchFailed: '音色切换失败，请稍后重试',
  empty: '暂无可选音色',
} as const;
