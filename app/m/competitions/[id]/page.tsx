import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { CompetitionBoardList } from '@/components/novel/competition-board';
import { PageBar } from '@/components/shell/page-bar';
import { ApiError } from '@/lib/server/core/errors';
import { getCompetitionBoard } from '@/lib/server/wallet/votes';
import { PAGE_SIZE } from '@/lib/shared/constants';
import { CODES } from '@/lib/shared/dto/envelope';
import { readId } from '@/lib/shared/page-params';
import { REWARDS_MSG as T } from '@/lib/shared/rewards-text';
import { formatBusinessTime } from '@/lib/shared/business-time';

type Props = { params: Promise<{ id: string }> };

async function boardFor(rawId: string) {
  const id = readId(rawId);
  if (!id) notFound();
  try {
    return await getCompetitionBoard(id, 0, PAGE_SIZE.list);
  } catch (err) {
    if (err instanceof ApiError && err.code === CODES.notFound) notFound();
    throw err;
  }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const id = readId((await params).id);
  return { title: T.boardTitle, alternates: id ? { canonical: `/m/competitions/${id}` } : undefined };
}

/**
 * A competition's leaderboard (docs/gifts-votes-pages.md "Competition board"), rendered per request: a vote moves it at
 * once, and the board is read from counted votes only.
 */
export default async function CompetitionPage({ params }: Props) {
  await connection();
  const board = await boardFor((await params).id);
  return (
    <div className="page">
      <PageBar title={T.boardTitle} parent="/m/ranks" />
      <div className="board-intro">
        <h2 className="section-title">{board.name}</h2>
        <p className="muted small">
          {T.period(formatBusinessTime(board.starts_at).slice(0, 10), formatBusinessTime(board.ends_at).slice(0, 10))}
        </p>
        {board.description ? <p className="muted small">{board.description}</p> : null}
      </div>
      <CompetitionBoardList board={board} />
    </div>
  );
}
