// A blocked member's page renders go to the unblock page with the page as the way back (docs/members.md "Blocks"):
// currentMember() with the request headers the route guard forwards.
import { useTestDatabase } from './db';
import { signedInMember } from './members';
import { getDb } from '@/lib/server/db/client';
import { createStaffFromCommand } from '@/lib/server/staff/accounts';
import { blockMember, liftBlock } from '@/lib/server/members/blocks';

const requestHeaders = new Headers();
jest.mock('next/headers', () => ({
  headers: async () => requestHeaders,
  cookies: async () => ({ get: () => undefined }),
}));
jest.mock('next/navigation', () => ({
  redirect: (to: string) => {
    throw Object.assign(new Error('NEXT_REDIRECT'), { to });
  },
}));

useTestDatabase();

// Imported after the mocks are in place.
const load = () => import('@/lib/server/accounts/session-member');

it('redirects a blocked member to /embedded/my/unblock?return=<the page>, lets the unblock page through, and stops once lifted', async () => {
  const { currentMember } = await load();
  const admin = {
    id: await createStaffFromCommand(getDb(), { username: 'pg_admin', role: 'admin', password: 'pg-admin-pw-1' }),
    role: 'admin',
    ip: '',
  };
  const m = await signedInMember();
  requestHeaders.set('authorization', m.auth.authorization);
  requestHeaders.set('x-shusheng-page-path', '/m/read/12?nid=3');
  expect((await currentMember())?.id).toBe(m.id);
  await blockMember(admin, m.id, { reason: '广告', endsAt: null });
  await expect(currentMember()).rejects.toMatchObject({ to: `/embedded/my/unblock?return=${encodeURIComponent('/m/read/12?nid=3')}` });
  expect((await currentMember({ allowBlocked: true }))?.block).toMatchObject({ endsAt: null });
  // A forged path header cannot make the return leave the site.
  requestHeaders.set('x-shusheng-page-path', '//evil.example/x');
  await expect(currentMember()).rejects.toMatchObject({ to: '/embedded/my/unblock?return=%2Fm' });
  await liftBlock(admin, m.id);
  expect((await currentMember())?.block).toBeNull();
});
