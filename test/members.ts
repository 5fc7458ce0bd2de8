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

/** The agreement versions in force, as a sign-in body carries them once the reader ticked the box (docs/agreements.md). */
export async function agreedNow(): Promise<{ user: number; privacy: number }> {
  const { currentAgreements } = await import('@/lib/server/accounts/agreements');
  const current = await currentAgreements();
  return { user: current.user.version, privacy: current.privacy.version };
}
