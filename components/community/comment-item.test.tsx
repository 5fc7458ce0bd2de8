import { render, screen } from '@testing-library/react';
import type { Comment } from '@/lib/shared/dto/community';
import { CommentItem } from './comment-item';

const base: Comment = {
  id: 1,
  novel_id: 6,
  chapter_id: 0,
  parent_id: 0,
  member_id: 12,
  type: 1,
  content: '好看',
  is_long_comment: 0,
  status: 'approved',
  likes: 0,
  reply_count: 0,
  liked: false,
  is_mine: false,
  nickname: '书友12',
  headimgurl: '/avatar.svg',
  createdat: '2026-11-20 10:00',
  paragraph_hash: '',
  paragraph_index: -1,
  reply_to_nickname: '',
} as Comment;

describe('comment item fan title', () => {
  it('shows the author’s fan title beside the nickname when the server sends one', () => {
    render(
      <ul>
        <CommentItem comment={{ ...base, fan_title: '舵主' }} />
      </ul>,
    );
    const badge = screen.getByLabelText('粉丝头衔：舵主');
    expect(badge).toHaveTextContent('舵主');
    expect(badge.previousElementSibling).toHaveTextContent('书友12');
  });

  it('shows no badge without one', () => {
    render(
      <ul>
        <CommentItem comment={base} />
      </ul>,
    );
    expect(screen.queryByLabelText(/粉丝头衔/)).not.toBeInTheDocument();
  });
});
