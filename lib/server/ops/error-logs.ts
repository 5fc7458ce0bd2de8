import 'server-only';
import type { ErrorLogBody } from '@/lib/shared/schemas/ops';
import { getDb } from '../db/client';
import { errorLogs } from '../db/schema';

const MAX_FIELD_CHARS = 8_000;

// Client reports are untrusted and can be large: each JSON field is capped before it is stored.
function capped(value: unknown): unknown {
  if (value === undefined) return null;
  const text = JSON.stringify(value);
  return text.length > MAX_FIELD_CHARS ? { truncated: text.slice(0, MAX_FIELD_CHARS) } : value;
}

export async function recordErrorLog(
  input: ErrorLogBody,
  ctx: { memberId: number | null; userAgent: string | null },
): Promise<{ id: number }> {
  const uid = ctx.memberId ?? (typeof input.uid === 'number' ? input.uid : Number(input.uid) || null);
  const [row] = await getDb()
    .insert(errorLogs)
    .values({
      type: input.type,
      headers: capped(input.headers),
      method: input.method ?? null,
      params: capped(input.params),
      data: capped(input.data),
      url: input.url ?? null,
      response: capped(input.response),
      uid,
      userAgent: ctx.userAgent?.slice(0, 512) ?? null,
    })
    .returning({ id: errorLogs.id });
  return { id: row!.id };
}
