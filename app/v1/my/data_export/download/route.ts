import { withApi } from '@/lib/server/http/with-api';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { takeExportFile } from '@/lib/server/accounts/data-export';
import { exportDownloadQuery } from '@/lib/shared/schemas/cancellation';
import { businessDayOf } from '@/lib/shared/business-time';

// GET /v1/my/data_export/download?id&exp&sig — the ZIP, once, to the member the link was signed for; refusals are
// the usual envelope (docs/account-cancellation.md "Data export").
export const GET = withApi(
  async ({ member, query, ip }) => {
    const { file, madeAt } = await takeExportFile(member.id, query, { ip });
    return new Response(Buffer.from(file), {
      status: 200,
      headers: {
        'content-type': 'application/zip',
        'content-disposition': `attachment; filename="shusheng-data-${member.id}-${businessDayOf(madeAt)}.zip"`,
        'cache-control': 'private, no-store',
      },
    });
  },
  { auth: 'member', query: exportDownloadQuery },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
