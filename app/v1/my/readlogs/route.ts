import { withApi } from '@/lib/server/http/with-api';
import { listReadLogs, recordReadLog } from '@/lib/server/reading/readlogs';
import { readLogBody, readLogsListQuery } from '@/lib/shared/schemas/reading';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/my/readlogs?read_type&start&limit — reading history, newest first (both kinds unless read_type is set).
export const GET = withApi(({ member, query }) => listReadLogs(member.id, query.read_type, query.start, query.limit), {
  auth: 'member',
  query: readLogsListQuery,
  // 青少年模式: the history shows only suitable novels (docs/minors-mode.md "Only suitable novels").
  catalogue: true,
});

// POST /v1/my/readlogs {article_id, read_type, time_track, idx} — the reader's position (when a chapter opens and as it scrolls).
export const POST = withApi(({ member, body }) => recordReadLog(member.id, body), { auth: 'member', body: readLogBody });

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET', 'POST');
