'use client';

import useSWR from 'swr';
import { quietFetcher } from '@/lib/client/swr/quiet-fetcher';
import { useSignedIn } from '@/lib/client/use-signed-in';
import type { ListenGuide } from '@/lib/shared/dto/listen-guide';
import { MSG } from '@/lib/shared/messages';
import { listenPageHref } from '@/lib/shared/reader-links';
import { FloatingContinue } from './floating-continue';

export const LISTEN_GUIDE_PATH = '/v1/tts/readlogs_tts/guide_novel_article_id';

/**
 * The audio tab's "继续收听《书名》": a signed-in member's latest listening position, opening the listen page
 * where they left off. Nothing for visitors, nor for a member who has not listened yet (the guide's
 * must_listen pick is already the tab's first list).
 */
export function ListenGuideBar() {
  const signedIn = useSignedIn();
  const { data } = useSWR<ListenGuide>(signedIn ? LISTEN_GUIDE_PATH : null, quietFetcher);
  if (data?.source !== 'readlog') return null;
  return (
    <FloatingContinue
      hiddenKey="listen-guide-bar.hidden"
      href={listenPageHref(data.article_id, data.ctype, data.time_track)}
      label={MSG.continueListening}
      title={data.title}
      detail={data.article_title}
    />
  );
}
