import { withApi } from '@/lib/server/http/with-api';
import { getNovelReadLog } from '@/lib/server/reading/readlogs';
import { nidParams } from '@/lib/shared/schemas/common';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/novels/{nid}/readlog — where this member left off in the novel (reading or listening, the newer), or null.
export const GET = withApi(({ member, params }) => getNovelReadLog(member.id, params.nid), { auth: 'member', params: nidParams });

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
