import 'server-only';
import { z } from 'zod';
import { SERVER_MSG } from '@/lib/server/messages';
import { readId } from '@/lib/shared/page-params';

/** A path or form id: a positive integer in range, else 40000 with our message. */
const flowId = (message: string) => z.string().transform((v, ctx) => readId(v) ?? (ctx.addIssue({ code: 'custom', message }), z.NEVER));

export const orderIdParams = z.object({ orderId: flowId(SERVER_MSG.orderIdInvalid) });
