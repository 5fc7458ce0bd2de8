import './zod-locale';
import { z } from 'zod';

/** POST /v1/my/block/appeal {content} (docs/members.md "Appeals"); its length is checked by the service in characters. */
export const appealBody = z.object({ content: z.string({ error: '请填写申诉内容' }).max(5000, { error: '申诉内容不能超过 500 字' }) });
