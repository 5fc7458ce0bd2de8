import 'server-only';
import { asc, desc, eq, gt } from 'drizzle-orm';
import { getDb } from '../db/client';
import { chapters, novels } from '../db/schema';
import { log } from '../logger';
import { synthesizeAhead } from './ahead';
import { startBacklogRequeue } from './backlog';
import { chapterEngine } from './source';
import { startAudioCap } from './storage-cap';
import { languageHasVoice } from './voices';
import { startPeriodic } from '../jobs/periodic';

const holder = globalThis as typeof globalThis & { __shushengAudioSweepStarted?: boolean };

const EVERY_MS = 60_000;
const BATCH = 500;

/**
 * Queues chapters published after `afterId` in novels with a voice for synthesis ahead of their first listener;
 * returns the id to continue after. Chapter ids only grow, so the primary key finds new chapters cheaply.
 */
export async function queueNewChapters(afterId: number): Promise<number> {
  const rows = await getDb()
    .select({ id: chapters.id, hasTts: novels.hasTts, languageType: novels.languageType, isOffShelf: novels.isOffShelf })
    .from(chapters)
    .innerJoin(novels, eq(novels.id, chapters.novelId))
    .where(gt(chapters.id, afterId))
    .orderBy(asc(chapters.id))
    .limit(BATCH);
  for (const row of rows) if (row.hasTts && !row.isOffShelf && languageHasVoice(row.languageType)) synthesizeAhead(row.id);
  return rows.at(-1)?.id ?? afterId;
}

/**
 * In the server: warms the speech engine and, every minute on one server of the cluster, queues chapters published
 * since the last run (docs/operations.md "Scheduled jobs"). The cursor — the last chapter id queued — is kept in
 * `job_runs`, so whichever server runs the next tick continues where the last one stopped; before any run it is the
 * newest chapter at this server's start (the catalogue already there is synthesized when first listened to, not all
 * at once at start). Queuing a chapter twice is harmless: its audio is found stored or leased (jobs.ts). Also reads
 * the stored whole-book backlog back after a restart (backlog.ts).
 */
export async function startAudioJobs(): Promise<void> {
  if (holder.__shushengAudioSweepStarted) return;
  holder.__shushengAudioSweepStarted = true;
  chapterEngine().warm();
  startAudioCap();
  startBacklogRequeue();
  const [last] = await getDb().select({ id: chapters.id }).from(chapters).orderBy(desc(chapters.id)).limit(1);
  const atStart = last?.id ?? 0;
  startPeriodic('audio_new_chapters', EVERY_MS, async ({ cursor }) => {
    const after = cursor ?? atStart;
    const next = await queueNewChapters(after);
    if (next > after) log('info', 'audio_new_chapters_queued', { after, upTo: next });
    return { cursor: next };
  });
}
