import type { Metadata } from 'next';
import { connection } from 'next/server';
import { pageSuitableOnly } from '@/lib/server/http/minors-view';
import { MinorsNovelNotice } from '@/components/minors/minors-novel-notice';
import { MINORS_TEXT } from '@/lib/shared/minors-text';
import { generateMetadata as novelMetadata } from '../page';
import { novelForCatalogue } from '../novel-page-data';
import { NovelPageView } from '../novel-page-view';

type Props = { params: Promise<{ id: string }> };

// /m/novels/{id} for a browser carrying the 青少年模式 hint cookie, rewritten here by proxy.ts (the path itself is not
// in the route table, so it cannot be asked for directly). Rendered per request: whether the member is in the mode is
// read on the server, and a member in it gets the notice instead of a novel editors have not marked suitable
// (docs/minors-mode.md "Only suitable novels"); a stale cookie only costs its holder the cached page.

export async function generateMetadata(props: Props): Promise<Metadata> {
  await connection();
  const novel = await novelForCatalogue((await props.params).id, await pageSuitableOnly());
  return novel ? novelMetadata(props) : { title: MINORS_TEXT.novelHiddenTitle, robots: { index: false, follow: false } };
}

export default async function SuitableNovelPage({ params }: Props) {
  await connection();
  const suitableOnly = await pageSuitableOnly();
  const novel = await novelForCatalogue((await params).id, suitableOnly);
  if (!novel) return <MinorsNovelNotice />;
  return <NovelPageView novel={novel} suitableOnly={suitableOnly} />;
}
