import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { connection } from 'next/server';
import { currentMember } from '@/lib/server/accounts/session-member';
import { resolveShow } from '@/lib/server/reading/show';
import { readId } from '@/lib/shared/page-params';

export const metadata: Metadata = { robots: { index: false } };

// Nothing to render: it answers with a redirect into the reader (or the 404 page), decided per member.
export default async function ShowPage({ params }: { params: Promise<{ nid: string }> }) {
  await connection();
  const nid = readId((await params).nid);
  if (!nid) notFound();
  const member = await currentMember();
  const target = await resolveShow(member?.id ?? null, nid);
  if (target.kind === 'missing') notFound();
  redirect(target.href);
}
