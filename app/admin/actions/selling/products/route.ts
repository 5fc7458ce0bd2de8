import { sellingConsoleForm } from '@/lib/shared/schemas/selling';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { withConsoleForm } from '@/lib/server/staff/console-form';
import { createProduct, setProductActive, updateProduct } from '@/lib/server/staff/selling/products';
import { sellingHandler } from '@/lib/server/staff/selling/route';

// POST /admin/actions/selling/products {op: create|update|toggle, …}: audited, checked field by field (docs/selling.md).
export const POST = withConsoleForm('selling:money', sellingConsoleForm, sellingHandler(createProduct, updateProduct, setProductActive));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
