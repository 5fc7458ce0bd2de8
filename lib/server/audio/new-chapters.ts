import 'server-only';
import { asc, desc, eq, gt } from 'drizzle-orm';
import { getDb } from '../db/client';
import { chapters, novels } from '../db/schema';
import { log } from '../logger';
import { synthesizeAhead } from './ahead';
import { chapterEngine } from './source';
import { startAudioCap } from './storage-cap';

const EVERY_MS = 60_000;
const BATCH = 500;

interface Sweep {
  timer: NodeJS.Timeout;
  afterId: number;
}
const holder = globalThis as typeof globalThis & { __shushengAudioSweep?: Sweep };

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
  const engine = chapterEngine();
  for (const row of rows) if (row.hasTts && !row.isOffShelf && engine.voiceFor(row.languageType)) synthesizeAhead(row.id);
  return rows.at(-1)?.id ?? afterId;
}

/**
 * In the server: warms the speech engine and, every minute, queues chapters published since the server started
 * (the catalogue already there is synthesized when first listened to, not all at once at start).
 */
export async function startAudioJobs(): Promise<void> {
  if (holder.__shushengAudioSweep) return;
  chapterEngine().warm();
  startAudioCap();
  const [last] = await getDb().select({ id: chapters.id }).from(chapters).orderBy(desc(chapters.id)).limit(1);
  const sweep: Sweep = {
    afterId: last?.id ?? 0,
    timer: setInterval(() => {
      queueNewChapters(sweep.afterId)
        .then((next) => {
          if (next > sweep.afterId) log('info', 'audio_new_chapters_queued', { after: sweep.afterId, upTo: next });
          sweep.afterId = next;
        })
        .catch((err: unknown) => log('warn', 'audio_new_chapters_failed', { err }));
    }, EVERY_MS),
  };
  sweep.timer.unref();
  holder.__shushengAudioSweep = sweep;
}
