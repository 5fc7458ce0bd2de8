import { sellingConsoleForm } from '@/lib/shared/schemas/selling';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { withConsoleForm } from '@/lib/server/staff/console-form';
import { createGift, setGiftActive, updateGift } from '@/lib/server/staff/selling/gifts';
import { sellingHandler } from '@/lib/server/staff/selling/route';

// POST /admin/actions/selling/gifts {op: create|update|toggle, …}: audited, checked field by field (docs/selling.md).
export const POST = withConsoleForm('selling', sellingConsoleForm, sellingHandler(createGift, updateGift, setGiftActive));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
