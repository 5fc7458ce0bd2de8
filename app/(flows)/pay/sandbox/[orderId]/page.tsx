import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { currentMember } from '@/lib/server/accounts/session-member';
import { getOrderOrThrow } from '@/lib/server/wallet/orders';
import { readId } from '@/lib/shared/page-params';
import { SandboxCheckout } from './checkout';

export const metadata: Metadata = { title: '收银台（沙箱）', robots: { index: false } };

/** The sandbox payment provider's hosted page: plain form POSTs, so scripts can drive it too. */
export default async function SandboxPay({
  params,
  searchParams,
}: {
  params: Promise<{ orderId: string }>;
  searchParams: Promise<Record<string, string | undefined>>;
}) {
  await connection();
  const id = readId((await params).orderId);
  // The payer's own checkout only: another member's order (ids are sequential) is not found.
  const member = await currentMember();
  const order = id && member ? await getOrderOrThrow(id, member.id).catch(() => null) : null;
  if (!order) notFound();
  const { failed } = await searchParams;
  return <SandboxCheckout order={order} failed={Boolean(failed)} />;
}
