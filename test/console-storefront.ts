import { NextRequest } from 'next/server';
import { revalidateTag } from 'next/cache';
import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import { peerHeaders } from '@/test/peer';
import { getDb } from '@/lib/server/db/client';
import { novels, staffAuditLog } from '@/lib/server/db/schema';
import { createStaffFromCommand } from '@/lib/server/staff/accounts';
import { staffSignIn } from '@/lib/server/staff/login';
import type { StaffActor } from '@/lib/server/core/actor';

/**
 * Shared steps of the storefront console tests (test/console-storefront-*.test.ts): staff of every role signed in,
 * form posts the way a browser makes them, the flash line read back, audit rows and the cache tags dropped.
 * Each test file mocks next/cache itself (jest.mock is hoisted per file).
 */
export const tokens: Record<string, string> = {};
export const actors: Record<string, StaffActor> = {};
export const d = () => getDb();

export async function signInEveryRole(): Promise<void> {
  for (const role of ['admin', 'editor', 'moderator', 'finance'] as const) {
    const staff = await createStaffFromCommand(d(), { username: `${role}1`, role, password: `${role}-password-1` });
    tokens[role] = (await staffSignIn({ username: `${role}1`, password: `${role}-password-1`, ip: '10.0.0.9' })).session.token;
    actors[role] = { id: staff, role, ip: '10.0.0.9' };
  }
}

let ipSeq = 0;
type Route = (req: NextRequest) => Promise<Response>;

export function poster(route: Route, path: string, back: string) {
  return (fields: Record<string, string | number>, role = 'editor') =>
    route(
      new NextRequest(`http://localhost${path}`, {
        method: 'POST',
        body: new URLSearchParams({ back, ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])) }).toString(),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'sec-fetch-site': 'same-origin',
          cookie: `staff_token=${tokens[role]}`,
          ...peerHeaders(`10.32.0.${(++ipSeq % 250) + 1}`),
        },
      }),
    );
}

/** "<path> <flash text>" of a console answer (the 303 back with ?ok= or ?err=). */
export const flashOf = (res: Response) => {
  const back = new URL(res.headers.get('location') ?? 'http://x/');
  return `${back.pathname} ${back.searchParams.get('ok') ?? ''}${back.searchParams.get('err') ?? ''}`;
};

export const auditOf = (action: string) =>
  d().select().from(staffAuditLog).where(eq(staffAuditLog.action, action)).orderBy(asc(staffAuditLog.id));
export const auditCount = async () => (await d().select({ n: count() }).from(staffAuditLog))[0]!.n;

/** Novels of the seed to pick: on the shelf in a language (optionally voiced or not), or off the shelf. */
export async function novelWhere(...where: SQL[]) {
  return d()
    .select({ id: novels.id, title: novels.title })
    .from(novels)
    .where(and(...where))
    .orderBy(asc(novels.id));
}

/**
 * Runs `work` as inside a Next server (NEXT_RUNTIME set, so cache.ts really calls revalidateTag — mocked) and
 * returns the tags it dropped.
 */
export async function droppedTags(work: () => Promise<unknown>): Promise<string[]> {
  const spy = jest.mocked(revalidateTag);
  spy.mockClear();
  process.env.NEXT_RUNTIME = 'nodejs';
  try {
    await work();
  } finally {
    delete process.env.NEXT_RUNTIME;
  }
  return spy.mock.calls.map((c) => c[0]);
}
