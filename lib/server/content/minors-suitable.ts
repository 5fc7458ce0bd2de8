import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { novels } from '../db/schema';
import { notFound } from '../core/errors';
import { assertCan, type StaffActor } from '../core/actor';
import { writeAudit } from '../core/audit';
import { afterNovelChange } from './refresh';

/**
 * An editor marks a novel suitable for 青少年模式 or takes the mark away (docs/minors-mode.md "Suitable novels"),
 * audited as `novel.minors_suitable`; the novel's cached pages and lists are refreshed like any other edit.
 */
export async function setNovelMinorsSuitable(actor: StaffActor, novelId: number, suitable: boolean): Promise<string> {
  assertCan(actor, 'content');
  const title = await getDb().transaction(async (tx) => {
    const [before] = await tx
      .select({ title: novels.title, suitable: novels.minorsSuitable })
      .from(novels)
      .where(eq(novels.id, novelId))
      .for('update');
    if (!before) throw notFound();
    if (before.suitable === suitable) return before.title;
    await tx.update(novels).set({ minorsSuitable: suitable, updatedAt: new Date() }).where(eq(novels.id, novelId));
    await writeAudit(tx, {
      staffId: actor.id,
      action: 'novel.minors_suitable',
      targetType: 'novel',
      targetId: novelId,
      detail: { before: before.suitable, after: suitable },
      ip: actor.ip,
    });
    return before.title;
  });
  afterNovelChange(novelId);
  return title;
}
