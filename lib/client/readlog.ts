import { api } from './api';

export interface ReadLogReport {
  article_id: number;
  read_type: 1 | 2;
  /** Seconds into the audio. docs/reading.md "Positions and read logs": sent whenever given — 0 (the very start) included. */
  time_track?: number | null;
  /** Paragraph reached in the text. */
  idx?: number;
}

/** The body of POST /v1/my/readlogs(_tts): only a missing time track is left out, never a 0. */
export function readLogBody(r: ReadLogReport): Record<string, number> {
  const body: Record<string, number> = { article_id: r.article_id, read_type: r.read_type };
  if (r.time_track !== undefined && r.time_track !== null) body.time_track = r.time_track;
  if (r.idx !== undefined) body.idx = r.idx;
  return body;
}

/** Reports a reading (read_type 1) or listening (2) position; failures are quiet (the next report catches up). */
export function postReadLog(r: ReadLogReport): Promise<unknown> {
  const path = r.read_type === 2 ? '/v1/my/readlogs_tts' : '/v1/my/readlogs';
  return api(path, { method: 'POST', body: readLogBody(r), silent: true }).catch(() => undefined);
}
