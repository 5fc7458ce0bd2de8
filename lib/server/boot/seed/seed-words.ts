import 'server-only';
import type { Tx } from '../../db/client';
import { sensitiveWords } from '../../db/schema';
import { normalizeText } from '../../moderation/filter';
import { WORD_CATEGORIES, type WordCategory } from '../../moderation/categories';

/**
 * A small starter list of the sensitive-word filter (docs/moderation.md "Word list"): advertising and
 * contact-trading patterns, which every comment area attracts, and a few mild demo words per category. Real lists
 * are maintained by staff in the console; none belongs in the repository.
 */
const STARTER: Record<WordCategory, string[]> = {
  ads: ['加微信', '加v', '加vx', '加qq', '代充', '刷单', '免费领书币', '私聊领福利', '扫码领取'],
  illegal: ['代开发票', '出售身份证', '办理假证'],
  porn: ['裸聊', '约炮'],
  violence: ['约架', '砍死你'],
  abuse: ['脑残', '智障'],
  politics: ['测试政治词'],
};

export async function seedWords(db: Tx): Promise<void> {
  const rows = Object.entries(STARTER).flatMap(([category, words]) =>
    words.map((word) => ({ word: normalizeText(word), category, action: WORD_CATEGORIES[category as WordCategory].defaultAction })),
  );
  await db.insert(sensitiveWords).values(rows).onConflictDoNothing();
}
