import { sellingConsoleForm } from '@/lib/shared/schemas/selling';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { withConsoleForm } from '@/lib/server/staff/console-form';
import { createCoupon, setCouponActive, updateCoupon } from '@/lib/server/staff/selling/coupons';
import { sellingHandler } from '@/lib/server/staff/selling/route';

// POST /admin/actions/selling/coupons {op: create|update|toggle, …}: audited, checked field by field (docs/selling.md).
export const POST = withConsoleForm('selling:money', sellingConsoleForm, sellingHandler(createCoupon, updateCoupon, setCouponActive));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
