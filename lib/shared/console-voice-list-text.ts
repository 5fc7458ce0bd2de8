/** The console's voice list on /admin/listening (docs/speech-engines-local.md "Console"). Only /admin imports it. */
export const VOICE_LIST_TEXT = {
  heading: '音色',
  intro: '已配置的语音引擎提供的全部音色；试听播放该音色的示例句。',
  name: '名称',
  key: '键',
  engine: '引擎',
  language: '语言',
  gender: '性别',
  listen: '试听',
  stop: '停止',
  loading: '加载中…',
  failed: '试听失败',
  languages: { 0: '维吾尔语', 1: '中文', 2: '藏语' } as Record<number, string>,
  genders: { female: '女', male: '男' },
  empty: '没有可用的音色',
} as const;
