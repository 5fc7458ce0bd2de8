import { withApi } from '@/lib/server/http/with-api';
import { assertStaffApi } from '@/lib/server/staff/api-staff';
import { revenueByMonth } from '@/lib/server/wallet/revenue';
import { revenueQuery } from '@/lib/shared/schemas/rewards';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

// GET /v1/admin/finance/revenue?month=YYYY-MM — coins per novel and per author in a month (docs/wallet.md "Revenue by
// novel"). Finance and admin staff (console session) or x-admin-token; other roles 40300.
export const GET = withApi(
  async ({ req, query }) => {
    await assertStaffApi(req, 'finance');
    return revenueByMonth(query.month);
  },
  { query: revenueQuery },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
