import { z } from 'zod';
import { withApi } from '@/lib/server/http/with-api';
import { invalidate } from '@/lib/server/core/cache';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

const body = z.object({
  tags: z
    .array(
      z.string().regex(/^(catalog|lists|layouts|hot_words|search|(novel|author|list|book_list|layout):\d{1,10}(:(tips|comments))?)$/, {
        error: '缓存标签不正确',
      }),
    )
    .min(1, { error: '请指定要刷新的缓存标签' })
    .max(100),
});

// POST /v1/admin/cache/invalidate {tags} — content changed (an import, an edit): drop the cached pages and reads
// tagged with it, e.g. ["novel:1"] after novel 1 gets a chapter, or ["catalog"] for everything. Header x-admin-token.
export const POST = withApi(
  async ({ body: input }) => {
    invalidate(...input.tags);
    return { invalidated: input.tags };
  },
  { auth: 'admin', body },
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
