import type { Metadata } from 'next';
import { MSG } from '@/lib/shared/messages';
import { returnPathOr } from '@/lib/shared/return-path';
import { GoToProvider } from './_components/go-to-provider';

export const metadata: Metadata = { title: '登录', robots: { index: false } };

/** Entry of third-party sign-in inside in-app browsers: the flow itself starts at /oauth/start (it sets the state cookie). */
export default async function OAuthPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const { next } = await searchParams;
  return (
    <div className="page center-page" role="status">
      <p className="muted">{MSG.goingToLogin}</p>
      <GoToProvider href={`/oauth/start?next=${encodeURIComponent(returnPathOr(next))}`} />
    </div>
  );
}
