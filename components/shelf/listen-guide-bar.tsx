'use client';

import { useListenGuide } from '@/lib/client/swr/use-listen-guide';
import { useSignedIn } from '@/lib/client/use-signed-in';
import { MSG } from '@/lib/shared/messages';
import { listenPageHref } from '@/lib/shared/reader-links';
import { FloatingContinue } from './floating-continue';

export { LISTEN_GUIDE_PATH } from '@/lib/client/swr/use-listen-guide';

/**
 * The audio tab's "继续收听《书名》": a signed-in member's latest listening position, opening the listen page
 * where they left off. Nothing for visitors, nor for a member who has not listened yet (the guide's
 * must_listen pick is already the tab's first list).
 */
export function ListenGuideBar() {
  const signedIn = useSignedIn();
  const { data } = useListenGuide(signedIn);
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
