import 'server-only';
import { SERVER_MSG } from '@/lib/server/messages';
import { invalid } from '../core/errors';
import { checkText } from '../moderation/filter';

/**
 * The sensitive-word check every comment, reply and review passes (docs/community.md "Moderation"): a blocked
 * word refuses the text with a message that names nothing offensive; a word listed for review holds it ('pending',
 * heldFor = the category), visible to its author only until a moderator decides.
 */
export async function screenText(text: string): Promise<{ held: string | null }> {
  const verdict = await checkText(text);
  if (verdict.verdict === 'block') throw invalid(SERVER_MSG.commentBlocked);
  return { held: verdict.verdict === 'review' ? (verdict.category ?? 'review') : null };
}
