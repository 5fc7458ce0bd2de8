import type { Metadata } from 'next';
import { connection } from 'next/server';
import { listConsumes } from '@/lib/server/wallet/consumes';
import { PAGE_SIZE } from '@/lib/shared/constants';
import { ConsumeList } from '@/components/wallet/consume-list';
import { PageHead } from '@/components/wallet/page-head';
import { pageMember } from '../_lib/page-member';

export const metadata: Metadata = { title: '消费记录', robots: { index: false } };

export default async function ExpensesPage() {
  await connection();
  const { member, guard } = await pageMember('/m/expenses');
  if (!member) return guard;
  const records = await listConsumes(member.id, 0, PAGE_SIZE.list);
  return (
    <div className="page">
      <PageHead title="消费记录" />
      <p className="muted small w-lead">购买章节时先用书券（最早到期的先用），不足部分再扣书币。</p>
      <ConsumeList initial={records} limit={PAGE_SIZE.list} />
    </div>
  );
}
