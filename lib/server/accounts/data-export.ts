import 'server-only';
import { timingSafeEqual } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import { and, asc, desc, eq, gt, lte, sql } from 'drizzle-orm';
import { CODES } from '@/lib/shared/dto/envelope';
import { CANCEL_TEXT } from '@/lib/shared/cancellation-text';
import type { DataExportLink, DataExportState } from '@/lib/shared/dto/cancellation';
import { getDb } from '../db/client';
import { dataExports } from '../db/schema';
import { ApiError } from '../core/errors';
import { writeAudit } from '../core/audit';
import { hmac } from '../secret';
import { log } from '../logger';
import { EXPORT_SECTIONS } from './data-export-sections';

/** How long a made file is kept (docs/account-cancellation.md "Data export"). */
export const EXPORT_KEEP_DAYS = 7;
/** How long one download link works. */
export const LINK_TTL_MS = 10 * 60_000;
/** One request per member per this window. */
export const REQUEST_WINDOW_MS = 86_400_000;
const DAY_MS = 86_400_000;
/** Exports made per job run. */
const BATCH = 5;

type ExportRow = typeof dataExports.$inferSelect;

const toState = (r: Pick<ExportRow, 'id' | 'status' | 'requestedAt' | 'readyAt' | 'expiresAt' | 'bytes'>): DataExportState => ({
  id: r.id,
  status: r.status as DataExportState['status'],
  requested_at: r.requestedAt.toISOString(),
  ready_at: r.readyAt?.toISOString() ?? null,
  expires_at: r.expiresAt?.toISOString() ?? null,
  bytes: r.bytes,
});

const stateColumns = {
  id: dataExports.id,
  status: dataExports.status,
  requestedAt: dataExports.requestedAt,
  readyAt: dataExports.readyAt,
  expiresAt: dataExports.expiresAt,
  bytes: dataExports.bytes,
};

/** The signature of a link: the export, its member and the link's end, under the server's key. */
const signLink = (id: number, memberId: number, exp: number) => hmac(`data-export:${id}:${memberId}:${exp}`);

/** A fresh download link for a ready export, valid LINK_TTL_MS; only the member it was made for can use it. */
export function downloadLink(id: number, memberId: number, now = new Date()): DataExportLink {
  const exp = now.getTime() + LINK_TTL_MS;
  return {
    url: `/v1/my/data_export/download?id=${id}&exp=${exp}&sig=${signLink(id, memberId, exp)}`,
    expires_at: new Date(exp).toISOString(),
  };
}

/** The member's latest export and, when it is ready, a link to download it. */
export async function latestExport(
  memberId: number,
  now = new Date(),
): Promise<{ export: DataExportState | null; link: DataExportLink | null }> {
  const [row] = await getDb()
    .select(stateColumns)
    .from(dataExports)
    .where(eq(dataExports.memberId, memberId))
    .orderBy(desc(dataExports.requestedAt), desc(dataExports.id))
    .limit(1);
  if (!row) return { export: null, link: null };
  const ready = row.status === 'ready' && row.expiresAt !== null && row.expiresAt > now;
  return {
    export: toState(ready || row.status !== 'ready' ? row : { ...row, status: 'expired' }),
    link: ready ? downloadLink(row.id, memberId, now) : null,
  };
}

/**
 * Asks for a copy of the member's data (docs/account-cancellation.md "Data export"): one request a day, serialized per
 * member so two taps cannot both pass the check; the file is made by the job. Audited.
 */
export async function requestExport(memberId: number, ctx: { ip?: string | null }, now = new Date()): Promise<DataExportState> {
  return getDb().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`data-export:${memberId}`}))`);
    const [recent] = await tx
      .select({ status: dataExports.status })
      .from(dataExports)
      .where(and(eq(dataExports.memberId, memberId), gt(dataExports.requestedAt, new Date(now.getTime() - REQUEST_WINDOW_MS))))
      .limit(1);
    if (recent)
      throw new ApiError(CODES.rateLimited, recent.status === 'pending' ? CANCEL_TEXT.api.exportPending : CANCEL_TEXT.api.exportDaily);
    const [row] = await tx.insert(dataExports).values({ memberId, requestedAt: now }).returning(stateColumns);
    await writeAudit(tx, {
      staffId: null,
      action: 'member.export_request',
      targetType: 'member',
      targetId: memberId,
      ip: ctx.ip ?? undefined,
    });
    return toState(row!);
  });
}

/** The ZIP of one member's data: a manifest and one JSON file per section. */
export async function buildExportFile(memberId: number, now = new Date()): Promise<Uint8Array> {
  const files: Record<string, Uint8Array> = {};
  const counts: Record<string, number> = {};
  for (const section of EXPORT_SECTIONS) {
    const rows = await section.read(getDb(), memberId);
    counts[section.name] = rows.length;
    files[`${section.name}.json`] = strToU8(JSON.stringify(rows, null, 2));
  }
  const manifest = { member_id: memberId, made_at: now.toISOString(), sections: counts };
  files['manifest.json'] = strToU8(JSON.stringify(manifest, null, 2));
  return zipSync(files, { level: 6, mtime: now });
}

/**
 * Makes one pending export's file. Right after the request (after the answer has gone out) and again by the job for
 * any the server did not finish; whichever stores it first wins, the other's write finds it no longer pending.
 */
export async function makeExport(p: { id: number; memberId: number }, now = new Date()): Promise<boolean> {
  try {
    const file = await buildExportFile(p.memberId, now);
    const done = await getDb()
      .update(dataExports)
      .set({
        status: 'ready',
        file,
        bytes: file.byteLength,
        readyAt: now,
        expiresAt: new Date(now.getTime() + EXPORT_KEEP_DAYS * DAY_MS),
      })
      .where(and(eq(dataExports.id, p.id), eq(dataExports.status, 'pending')))
      .returning({ id: dataExports.id });
    return done.length > 0;
  } catch (err) {
    log('error', 'data_export_failed', { id: p.id, err });
    await getDb()
      .update(dataExports)
      .set({ status: 'failed' })
      .where(and(eq(dataExports.id, p.id), eq(dataExports.status, 'pending')));
    return false;
  }
}

/** The job's pass: makes pending exports (a few a run) and drops files past their 7 days. */
export async function runExportJobs(now = new Date()): Promise<{ made: number; expired: number }> {
  const pending = await getDb()
    .select({ id: dataExports.id, memberId: dataExports.memberId })
    .from(dataExports)
    .where(eq(dataExports.status, 'pending'))
    .orderBy(asc(dataExports.requestedAt))
    .limit(BATCH);
  let made = 0;
  for (const p of pending) if (await makeExport(p, now)) made += 1;
  const expired = await getDb()
    .update(dataExports)
    .set({ status: 'expired', file: null })
    .where(and(eq(dataExports.status, 'ready'), lte(dataExports.expiresAt, now)))
    .returning({ id: dataExports.id });
  if (made || expired.length) log('info', 'data_exports', { made, expired: expired.length });
  return { made, expired: expired.length };
}

/**
 * Hands out the file once (docs/account-cancellation.md "Data export"): the link must be signed for this member and
 * export and not past its end; the export must be ready and within its 7 days. The file is dropped as it is handed
 * out, so a replayed link finds nothing. Audited.
 */
export async function takeExportFile(
  memberId: number,
  link: { id: number; exp: number; sig: string },
  ctx: { ip?: string | null },
  now = new Date(),
): Promise<{ file: Uint8Array; madeAt: Date }> {
  const expected = Buffer.from(signLink(link.id, memberId, link.exp), 'hex');
  const given = Buffer.from(link.sig, 'hex');
  // Another member's link is signed for its own member, so it fails here like a forged one.
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new ApiError(CODES.forbidden, CANCEL_TEXT.api.linkInvalid);
  if (link.exp <= now.getTime()) throw new ApiError(CODES.forbidden, CANCEL_TEXT.api.linkExpired);
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .select({ status: dataExports.status, file: dataExports.file, expiresAt: dataExports.expiresAt, readyAt: dataExports.readyAt })
      .from(dataExports)
      .where(and(eq(dataExports.id, link.id), eq(dataExports.memberId, memberId)))
      .for('update');
    if (!row) throw new ApiError(CODES.notFound, CANCEL_TEXT.api.linkInvalid);
    if (row.status === 'downloaded') throw new ApiError(CODES.conflict, CANCEL_TEXT.api.linkUsed);
    if (row.status === 'pending') throw new ApiError(CODES.conflict, CANCEL_TEXT.api.exportNotReady);
    if (row.status !== 'ready' || !row.file || !row.expiresAt || row.expiresAt <= now)
      throw new ApiError(CODES.notFound, CANCEL_TEXT.api.fileGone);
    await tx.update(dataExports).set({ status: 'downloaded', downloadedAt: now, file: null }).where(eq(dataExports.id, link.id));
    await writeAudit(tx, {
      staffId: null,
      action: 'member.export_download',
      targetType: 'member',
      targetId: memberId,
      detail: { export_id: link.id, bytes: row.file.byteLength },
      ip: ctx.ip ?? undefined,
    });
    return { file: row.file, madeAt: row.readyAt ?? now };
  });
}
