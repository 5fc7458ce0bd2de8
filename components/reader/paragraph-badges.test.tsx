import { Profiler, createRef } from 'react';
import { act, render, screen } from '@testing-library/react';
import { ParagraphBadges } from './paragraph-badges';

function chapter(): HTMLElement {
  const article = document.createElement('article');
  article.innerHTML = '<div class="chapter-body"><p data-idx="0">一</p><p data-idx="1">二</p><p data-idx="2">三</p></div>';
  document.body.append(article);
  return article;
}

describe('ParagraphBadges', () => {
  it('puts each count at the end of its paragraph', () => {
    const page = createRef<HTMLElement>() as { current: HTMLElement | null };
    page.current = chapter();
    const onBadge = jest.fn();
    render(<ParagraphBadges page={page} byIndex={{ 1: 3, 2: 120 }} onBadge={onBadge} />);
    expect(page.current.querySelector('p[data-idx="0"] .pc-badge')).toBeNull();
    expect(page.current.querySelector('p[data-idx="1"] .pc-badge')?.textContent).toBe('3');
    expect(screen.getByRole('button', { name: '段评 120 条' })).toHaveTextContent('99+');
    act(() => screen.getByRole('button', { name: '段评 3 条' }).click());
    expect(onBadge).toHaveBeenCalledWith(1);
  });

  it('commits once while the counts are not in: no re-render in the page’s first task', () => {
    const page = createRef<HTMLElement>() as { current: HTMLElement | null };
    page.current = chapter();
    const commits: string[] = [];
    render(
      <Profiler id="badges" onRender={(_id, phase) => commits.push(phase)}>
        <ParagraphBadges page={page} byIndex={undefined} onBadge={() => undefined} />
      </Profiler>,
    );
    expect(commits).toEqual(['mount']);
    expect(page.current.querySelectorAll('.pc-badge')).toHaveLength(0);
  });
});
