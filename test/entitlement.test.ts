import { and, eq, ne } from 'drizzle-orm';
import { useTestDatabase } from './db';
import { signedInMember } from './members';
import { bookEntitlements, chapterUnlocks, chapters, novels, vipPeriods } from '@/lib/server/db/schema';
import type { DbOrTx, Tx } from '@/lib/server/db/client';
import { chapterAccess, isFreeToAll, type Access } from '@/lib/server/wallet/entitlement';
import { getPeriodState } from '@/lib/server/wallet/vip';
import { offlineCheck } from '@/lib/server/offline/manifest';

const db = useTestDatabase({ seed: true });

/**
 * chapterAccess as it was before it became one statement (chapter and novel, then the unlock, then the whole
 * book, then VIP, one query each): the reference the single-statement version must agree with everywhere.
 */
async function referenceAccess(memberId: number | null, chapterId: number, tx: DbOrTx, now = new Date()) {
  const [row] = await tx
    .select({
      isFree: chapters.isFree,
      price: chapters.price,
      novelId: chapters.novelId,
      saleMode: novels.saleMode,
      vipFree: novels.vipFree,
      wholeBookPrice: novels.wholeBookPrice,
      freeUntil: novels.freeUntil,
    })
    .from(chapters)
    .innerJoin(novels, eq(novels.id, chapters.novelId))
    .where(eq(chapters.id, chapterId));
  if (!row) return null;
  const base = { price: row.price, novelId: row.novelId, saleMode: row.saleMode, wholeBookPrice: row.wholeBookPrice };
  const of = (access: Access) => ({ access, ...base });
  if (isFreeToAll(row, row, now)) return of('free');
  if (!memberId) return of('locked');
  const [unlock] = await tx
    .select({ id: chapterUnlocks.id })
    .from(chapterUnlocks)
    .where(and(eq(chapterUnlocks.memberId, memberId), eq(chapterUnlocks.chapterId, chapterId)));
  if (unlock) return of('unlocked');
  const [book] = await tx
    .select({ id: bookEntitlements.id })
    .from(bookEntitlements)
    .where(and(eq(bookEntitlements.memberId, memberId), eq(bookEntitlements.novelId, row.novelId)));
  if (book) return of('whole_book');
  if (row.vipFree && (await getPeriodState(memberId, 'vip', tx, now)).active) return of('vip_free');
  return of('locked');
}

const chapterOf = async (novelId: number, idx: number) =>
  (
    await db
      .handle()
      .db.select()
      .from(chapters)
      .where(and(eq(chapters.novelId, novelId), eq(chapters.idx, idx)))
  )[0]!;

describe('chapterAccess (one statement) answers as the query-per-step version did', () => {
  it('for every reader and chapter of the matrix, outside and inside a transaction', async () => {
    const d = db.handle().db;
    const day = 86_400_000;
    // Chapters: free, paid (two of one novel), sold whole, VIP-free, a free novel, a limited-time free novel
    // (and one whose window closed), and an id that does not exist.
    const free = await chapterOf(1, 1);
    const paid = await chapterOf(1, 21);
    const paidToo = await chapterOf(1, 22);
    const wholeBookChapter = await chapterOf(6, 20);
    const [vipNovel] = await d
      .select({ id: novels.id })
      .from(novels)
      .where(and(eq(novels.vipFree, true), eq(novels.saleMode, 'chapter'), eq(novels.isOffShelf, false)))
      .limit(1);
    const [vipChapter] = await d
      .select()
      .from(chapters)
      .where(and(eq(chapters.novelId, vipNovel!.id), eq(chapters.isFree, false)))
      .limit(1);
    const others = await d
      .select({ id: novels.id })
      .from(novels)
      .where(and(eq(novels.saleMode, 'chapter'), eq(novels.vipFree, false), ne(novels.id, 1)))
      .limit(3);
    const [freeNovel, windowOpen, windowClosed] = others.map((n) => n.id);
    await d.update(novels).set({ saleMode: 'free' }).where(eq(novels.id, freeNovel!));
    await d
      .update(novels)
      .set({ freeUntil: new Date(Date.now() + day) })
      .where(eq(novels.id, windowOpen!));
    await d
      .update(novels)
      .set({ freeUntil: new Date(Date.now() - day) })
      .where(eq(novels.id, windowClosed!));
    const paidOf = async (novelId: number) =>
      (
        await d
          .select()
          .from(chapters)
          .where(and(eq(chapters.novelId, novelId), eq(chapters.isFree, false)))
          .limit(1)
      )[0]!;
    const chapterIds = [
      free.id,
      paid.id,
      paidToo.id,
      wholeBookChapter.id,
      vipChapter!.id,
      (await paidOf(freeNovel!)).id,
      (await paidOf(windowOpen!)).id,
      (await paidOf(windowClosed!)).id,
      99_999_999,
    ];

    // Readers: anonymous, nothing owned, one unlock, the whole book, VIP now, VIP lapsed, VIP not yet begun.
    const plain = await signedInMember();
    const unlocker = await signedInMember();
    await d.insert(chapterUnlocks).values({ memberId: unlocker.id, chapterId: paid.id, novelId: 1, price: paid.price });
    const bookOwner = await signedInMember();
    await d.insert(bookEntitlements).values({ memberId: bookOwner.id, novelId: 6, price: 500 });
    const vip = await signedInMember();
    await d
      .insert(vipPeriods)
      .values({ memberId: vip.id, kind: 'vip', startsAt: new Date(Date.now() - day), endsAt: new Date(Date.now() + day) });
    const lapsed = await signedInMember();
    await d
      .insert(vipPeriods)
      .values({ memberId: lapsed.id, kind: 'vip', startsAt: new Date(Date.now() - 3 * day), endsAt: new Date(Date.now() - day) });
    const early = await signedInMember();
    await d
      .insert(vipPeriods)
      .values({ memberId: early.id, kind: 'vip', startsAt: new Date(Date.now() + day), endsAt: new Date(Date.now() + 3 * day) });
    const readers = [null, plain.id, unlocker.id, bookOwner.id, vip.id, lapsed.id, early.id];

    for (const memberId of readers) {
      for (const chapterId of chapterIds) {
        const expected = await referenceAccess(memberId, chapterId, d);
        expect({ memberId, chapterId, got: await chapterAccess(memberId, chapterId) }).toEqual({ memberId, chapterId, got: expected });
        // Purchases ask inside their transaction, on its connection.
        const inTx = await d.transaction(async (tx) => chapterAccess(memberId, chapterId, tx as unknown as Tx));
        expect({ memberId, chapterId, got: inTx }).toEqual({ memberId, chapterId, got: expected });
        // An offline download keeps exactly what the member may open online (docs/offline.md).
        if (memberId) {
          const kept = (await offlineCheck(memberId, [chapterId])).allowed;
          expect({ memberId, chapterId, kept }).toEqual({
            memberId,
            chapterId,
            kept: expected && expected.access !== 'locked' ? [chapterId] : [],
          });
        }
      }
    }

    // And the matrix itself is the one of docs/wallet.md "Entitlement", so the two cannot agree on a wrong answer.
    const access = async (memberId: number | null, chapterId: number) => (await chapterAccess(memberId, chapterId))?.access;
    expect(await access(null, free.id)).toBe('free');
    expect(await access(null, paid.id)).toBe('locked');
    expect(await access(plain.id, paid.id)).toBe('locked');
    expect(await access(unlocker.id, paid.id)).toBe('unlocked');
    expect(await access(unlocker.id, paidToo.id)).toBe('locked'); // an unlock opens its own chapter only
    expect(await access(bookOwner.id, wholeBookChapter.id)).toBe('whole_book');
    expect(await access(bookOwner.id, paid.id)).toBe('locked'); // a whole book opens its own novel only
    expect(await access(vip.id, vipChapter!.id)).toBe('vip_free');
    expect(await access(vip.id, paid.id)).toBe('locked'); // VIP opens VIP-free novels only
    expect(await access(lapsed.id, vipChapter!.id)).toBe('locked');
    expect(await access(early.id, vipChapter!.id)).toBe('locked');
    expect(await access(null, (await paidOf(freeNovel!)).id)).toBe('free');
    expect(await access(null, (await paidOf(windowOpen!)).id)).toBe('free');
    expect(await access(plain.id, (await paidOf(windowClosed!)).id)).toBe('locked');
    expect(await chapterAccess(plain.id, 99_999_999)).toBeNull();
    expect(await chapterAccess(null, 99_999_999)).toBeNull();
  });
});
