import 'server-only';
import type { Tx } from '../db/client';
import { messages } from '../db/schema';

/** What a personal notification is about (docs/community.md "Messages"). */
export type MessageKind = 'reply' | 'review_approved' | 'review_rejected' | 'report_handled' | 'block_appeal';

export interface Notice {
  memberId: number;
  kind: MessageKind;
  title: string;
  body?: string;
  /** A same-site path (`/m/...`) the message leads to. */
  link?: string;
  refId?: number;
}

/** Writes a personal notification in the caller's transaction, so it exists exactly when the change it reports does. */
export async function notify(tx: Tx, n: Notice): Promise<number> {
  const [row] = await tx
    .insert(messages)
    .values({ memberId: n.memberId, kind: n.kind, title: n.title, body: n.body ?? '', link: n.link ?? null, refId: n.refId ?? null })
    .returning({ id: messages.id });
  return row!.id;
}
