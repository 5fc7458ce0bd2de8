import 'server-only';
import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { IMPORT_TEXT as T } from '@/lib/shared/content-import-text';
import { IMPORT_ENCODINGS, importUploadFields, type ImportEncoding } from '@/lib/shared/schemas/content-import';
import { getDb } from '../../db/client';
import { importPending, type PendingCandidate } from '../../db/schema';
import { invalid, notFound } from '../../core/errors';
import { audioStorage } from '../../audio/storage';
import { assertCan, type StaffActor } from '../../core/actor';
import { previewLines } from './decode';
import { checkImportForm, createImportDraft, safeFileName, type ImportForm, type ImportUpload } from './drafts';
import { ambiguousCandidates } from './refusal-message';

/**
 * Uploads waiting for the editor to pick their encoding (docs/content.md "Encodings"): when the decoder cannot tell
 * two encodings apart, the upload is kept instead of refused — its bytes (and cover) in storage, the form as typed and
 * the first lines in each candidate in `import_pending` — and the editor picks on
 * /admin/content/import/encoding/{id}; the pick imports it as an upload naming that encoding would have.
 */

/** How long an upload waits for the pick; an editor has at most this many waiting, the oldest making room. */
export const PENDING_TTL_MS = 2 * 3_600_000;
export const MAX_PENDING_PER_STAFF = 3;
/** An import from a waiting upload that has not finished after this long (its process died) may be tried again. */
const CLAIM_MS = 2 * 60_000;

const pendingKey = (id: number) => `imports/pending-${id}`;
const FILE = 'file.bin';
const COVER = 'cover.bin';

export type PendingRow = typeof importPending.$inferSelect;

const isEncoding = (value: string): value is ImportEncoding => (IMPORT_ENCODINGS as readonly string[]).includes(value);

async function removeStored(ids: number[]): Promise<void> {
  for (const id of ids) await audioStorage().remove(pendingKey(id));
}

/** Expired waiting uploads of everyone go whenever someone uploads, as expired drafts do. */
async function purgeExpiredPending(now: Date): Promise<void> {
  const gone = await getDb().delete(importPending).where(lt(importPending.expiresAt, now)).returning({ id: importPending.id });
  await removeStored(gone.map((g) => g.id));
}

/**
 * Keeps an upload whose encoding is one of `candidates` (at least two) for the editor to pick; returns its id. The
 * form is checked first (a wrong category is said now, not after the pick). At most MAX_PENDING_PER_STAFF wait per
 * editor: a new one pushes out the oldest.
 */
export async function holdForEncoding(actor: StaffActor, upload: ImportUpload, candidates: string[], now = new Date()): Promise<number> {
  assertCan(actor, 'content');
  const encodings = [...new Set(candidates)].filter(isEncoding);
  if (encodings.length < 2) throw invalid(T.ambiguousEncoding(candidates));
  await checkImportForm(upload.form);
  await purgeExpiredPending(now);
  const lines: PendingCandidate[] = encodings.map((encoding) => ({ encoding, lines: previewLines(upload.file, encoding) }));
  const form: Record<string, string> = {};
  for (const [key, value] of Object.entries(upload.form)) if (key !== 'encoding' && typeof value === 'string') form[key] = value;
  const pushedOut: number[] = [];
  const id = await getDb().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('import_pending'), ${actor.id})`);
    const live = await tx
      .select({ id: importPending.id })
      .from(importPending)
      .where(and(eq(importPending.staffId, actor.id), gt(importPending.expiresAt, now)))
      .orderBy(desc(importPending.id));
    for (const old of live.slice(MAX_PENDING_PER_STAFF - 1)) {
      await tx.delete(importPending).where(eq(importPending.id, old.id));
      pushedOut.push(old.id);
    }
    const [row] = await tx
      .insert(importPending)
      .values({
        staffId: actor.id,
        fileName: safeFileName(upload.fileName),
        form,
        candidates: lines,
        bytes: upload.file.length,
        hasCover: Boolean(upload.cover?.length),
        expiresAt: new Date(now.getTime() + PENDING_TTL_MS),
        createdAt: now,
      })
      .returning({ id: importPending.id });
    // Inside the transaction: if storage fails, nothing waits.
    await audioStorage().writeAtomic(pendingKey(row!.id), FILE, upload.file);
    if (upload.cover?.length) await audioStorage().writeAtomic(pendingKey(row!.id), COVER, upload.cover);
    return row!.id;
  });
  await removeStored(pushedOut);
  return id;
}

/**
 * The upload form's post: a draft, or — when the decoder could not decide between two encodings and the form named
 * none — the upload kept for the editor to pick (`pending`). Every other refusal is thrown as before.
 */
export async function uploadImport(
  actor: StaffActor,
  upload: ImportUpload,
  now = new Date(),
): Promise<{ draft: { id: number; chapters: number } } | { pending: number }> {
  // Every upload clears the expired waiting ones of everyone, as it does expired drafts.
  await purgeExpiredPending(now);
  try {
    return { draft: await createImportDraft(actor, upload, now) };
  } catch (err) {
    const candidates = ambiguousCandidates(err);
    if (!candidates || upload.form.encoding) throw err;
    return { pending: await holdForEncoding(actor, upload, candidates, now) };
  }
}

/** The actor's own live waiting upload; anyone else's, an expired or a gone one is "not found". */
export async function viewPending(actor: StaffActor, pendingId: number, now = new Date()): Promise<PendingRow> {
  assertCan(actor, 'content');
  const [row] = await getDb()
    .select()
    .from(importPending)
    .where(and(eq(importPending.id, pendingId), eq(importPending.staffId, actor.id), gt(importPending.expiresAt, now)))
    .limit(1);
  if (!row) throw notFound(T.pendingMissing);
  return row;
}

/**
 * The editor's pick: the kept upload imported with `encoding` (one of its candidates, else refused) and the form as
 * typed, exactly as an upload naming that encoding; then it stops waiting. A refusal of the import (mojibake in that
 * encoding, a full draft list) leaves it waiting, to pick again. Claimed while it runs, so a second post of the same
 * pick (a double click, a replay) makes no second draft: it is refused while the first runs and "not found" after.
 */
export async function importWithEncoding(
  actor: StaffActor,
  pendingId: number,
  encoding: string,
  now = new Date(),
): Promise<{ id: number; chapters: number }> {
  const row = await viewPending(actor, pendingId, now);
  if (!isEncoding(encoding) || !row.candidates.some((c) => c.encoding === encoding)) throw invalid(T.badEncoding);
  const claimed = await getDb()
    .update(importPending)
    .set({ claimedAt: now })
    .where(
      and(
        eq(importPending.id, pendingId),
        eq(importPending.staffId, actor.id),
        or(isNull(importPending.claimedAt), lt(importPending.claimedAt, new Date(now.getTime() - CLAIM_MS))),
      ),
    )
    .returning({ id: importPending.id });
  if (!claimed.length) throw invalid(T.pendingBusy);
  let draft: { id: number; chapters: number };
  try {
    const file = await audioStorage().read(pendingKey(pendingId), FILE);
    if (!file) throw notFound(T.pendingMissing);
    const cover = row.hasCover ? await audioStorage().read(pendingKey(pendingId), COVER) : null;
    // The stored fields passed importUploadFields on upload; parsing them again types them (absent 听书 reads as '').
    const form: ImportForm = { ...importUploadFields.parse(row.form), encoding };
    draft = await createImportDraft(actor, { fileName: row.fileName, file, cover, form }, now);
  } catch (err) {
    await getDb().update(importPending).set({ claimedAt: null }).where(eq(importPending.id, pendingId));
    throw err;
  }
  await getDb().delete(importPending).where(eq(importPending.id, pendingId));
  await removeStored([pendingId]);
  return draft;
}
