import { NotFoundView } from '@/components/shell/not-found-view';
import { MEMBER_TEXT } from '@/lib/shared/member-text';

/** /follow with an unknown or malformed chapter id: 404 in Chinese (docs/members.md "Follow page"). */
export default function FollowChapterNotFound() {
  return (
    <main className="shell">
      <NotFoundView title={MEMBER_TEXT.follow.chapterMissing} body={MEMBER_TEXT.follow.chapterMissingHint} />
    </main>
  );
}
