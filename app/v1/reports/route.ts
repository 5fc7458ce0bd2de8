import { withApi } from '@/lib/server/http/with-api';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { fileReport } from '@/lib/server/social/reports';
import { reportBody } from '@/lib/shared/schemas/community';

// POST /v1/reports {target_type, target_id, reason, content, contact?} — a report for the moderators.
export const POST = withApi(
  ({ member, body }) =>
    fileReport(member.id, {
      targetType: body.target_type,
      targetId: body.target_id,
      reason: body.reason,
      content: body.content,
      contact: body.contact,
    }),
  { auth: 'member', body: reportBody },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
