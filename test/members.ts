import { createSession } from '@/lib/server/accounts/sessions';
import { createMember } from '@/lib/server/accounts/members';
import { getDb } from '@/lib/server/db/client';

/** A member with a live session, for tests that call member routes. */
export async function signedInMember(
  values: Parameters<typeof createMember>[1] = {},
): Promise<{ id: number; token: string; auth: { authorization: string } }> {
  const member = await createMember(getDb(), values);
  const { token } = await createSession(getDb(), member.id, 'test', {});
  return { id: member.id, token, auth: { authorization: `Bearer ${token}` } };
}
