import { withApi } from '@/lib/server/http/with-api';
import { deleteReadLogs } from '@/lib/server/reading/readlogs';
import { readLogsBatchQuery } from '@/lib/shared/schemas/reading';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// DELETE /v1/my/readlogs_tts/batch?novel_ids=1,2 — remove novels from the listening history.
export const DELETE = withApi(({ member, query }) => deleteReadLogs(member.id, query.novel_ids, 2), {
  auth: 'member',
  query: readLogsBatchQuery,
});

export const { GET, POST, PUT, PATCH, OPTIONS } = otherMethods('DELETE');
