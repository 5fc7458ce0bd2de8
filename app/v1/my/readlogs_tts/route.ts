import { withApi } from '@/lib/server/http/with-api';
import { recordReadLog } from '@/lib/server/reading/readlogs';
import { readLogBody } from '@/lib/shared/schemas/reading';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// POST /v1/my/readlogs_tts {article_id, time_track} — the listening position (read_type 2); it moves the shared position too.
export const POST = withApi(({ member, body }) => recordReadLog(member.id, { ...body, read_type: 2 }), {
  auth: 'member',
  body: readLogBody,
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
