import { fireEvent, render, screen } from '@testing-library/react';
import type { ReadChapter } from '@/lib/shared/dto/reading';
import { ChapterEnd } from './chapter-end';

const chapter = { id: 300, novel_id: 6, prev_id: 299, next_id: 301 } as ReadChapter;

describe('chapter end', () => {
  it('offers 打赏 beside 本章说, each a named button of its own', () => {
    const onTip = jest.fn();
    const onComments = jest.fn();
    render(<ChapterEnd chapter={chapter} busy={false} onGo={jest.fn()} onCatalogue={jest.fn()} onComments={onComments} onTip={onTip} />);
    fireEvent.click(screen.getByRole('button', { name: '打赏' }));
    expect(onTip).toHaveBeenCalledTimes(1);
    expect(onComments).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: '打赏' }).parentElement).toBe(screen.getByRole('button', { name: '本章说' }).parentElement);
  });

  it('without onTip shows no 打赏', () => {
    render(<ChapterEnd chapter={chapter} busy={false} onGo={jest.fn()} onCatalogue={jest.fn()} />);
    expect(screen.queryByRole('button', { name: '打赏' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '下一章' })).toBeEnabled();
  });
});
