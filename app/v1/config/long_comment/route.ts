import { withApi } from '@/lib/server/http/with-api';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { longCommentConfig } from '@/lib/server/social/reviews';

// GET /v1/config/long_comment — the long-review editor's limits, reward and rules.
export const GET = withApi(async () => longCommentConfig());

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
