import 'server-only';
import { eq } from 'drizzle-orm';
import type { FollowQrcode } from '@/lib/shared/dto/shop';
import { MSG } from '@/lib/shared/messages';
import { getDb } from '../db/client';
import { chapters } from '../db/schema';
import { notFound } from '../core/errors';

/** Drawn in the middle of the follow QR code (90×90 on a 430×430 canvas, docs/shell.md "Modals"). */
export const LOGO_PATH = '/brand/logo.svg';

/**
 * The "follow the official account" QR code's data (docs/accounts.md "Profile and language"): `content` is what the code
 * encodes — the absolute /follow address on this site, so a phone's scanner lands here — and `url` the same link.
 */
export async function getFollowQrcode(articleId: number | undefined, origin: string): Promise<FollowQrcode> {
  if (articleId !== undefined) {
    const [row] = await getDb().select({ id: chapters.id }).from(chapters).where(eq(chapters.id, articleId));
    if (!row) throw notFound(MSG.chapterMissing);
  }
  const url = `${origin}/follow${articleId ? `?article_id=${articleId}` : ''}`;
  // MP_FOLLOW_URL: the official account's own QR code link, when staff set it (docs/members.md "Follow page"), so a
  // scan opens the account itself; without it the code leads to our follow page.
  const official = process.env.MP_FOLLOW_URL;
  const content = official && /^https?:\/\/\S{1,500}$/.test(official) ? official : url;
  return { url, logo: LOGO_PATH, content };
}
