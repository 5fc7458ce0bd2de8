import { act } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import type { ReadChapter } from '@/lib/shared/dto/reading';
import { ChapterBody, chapterMarkup } from './chapter-body';

const chapter = (paragraphs: string[], title = '第1章 归途'): ReadChapter =>
  ({
    id: 1,
    title,
    paragraphs,
    novel: { language_type: 1, dir: 'ltr' },
  }) as ReadChapter;

describe('the chapter text (docs/reading.md "How the reader page is built")', () => {
  let root: Root | null = null;
  afterEach(() => {
    act(() => root?.unmount());
    root = null;
    document.body.innerHTML = '';
  });

  it('shows every paragraph with its index, and text that looks like markup as text', () => {
    const hostile = '<img src=x onerror="alert(1)"> & \'引号\'';
    document.body.innerHTML = renderToString(<ChapterBody chapter={chapter(['第一段', hostile], '<b>标题</b>')} />);
    expect(document.querySelector('h1.chapter-title')?.textContent).toBe('<b>标题</b>');
    expect(document.querySelector('#p0')).toHaveAttribute('data-idx', '0');
    expect(document.querySelector('#p1')?.textContent).toBe(hostile);
    expect(document.querySelector('img, b')).toBeNull();
    expect(chapterMarkup(chapter([hostile]))).not.toContain('<img');
  });

  it('hydrating the server’s markup keeps its paragraphs as they are, with no warning', async () => {
    const c = chapter(['第一段', '第二段', '第三段']);
    const page = document.createElement('div');
    page.innerHTML = renderToString(<ChapterBody chapter={c} />);
    document.body.append(page);
    const first = page.querySelector('#p0');
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(async () => {
      root = hydrateRoot(page, <ChapterBody chapter={c} />, { onRecoverableError: (e) => console.error(e) });
    });
    // A badge portalled into a paragraph after the first paint: a re-render must leave it where it is.
    const badge = document.createElement('button');
    first!.append(badge);
    await act(async () => root!.render(<ChapterBody chapter={{ ...c }} />));
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    expect(page.querySelector('#p0')).toBe(first);
    expect(first!.lastChild).toBe(badge);
    // React keeps no fiber for a paragraph (it marks every node it hydrates): the article is its only element.
    const owned = (node: Element) => Object.keys(node).some((k) => k.startsWith('__reactFiber'));
    expect(owned(page.querySelector('article')!)).toBe(true);
    expect([...page.querySelectorAll('article *')].filter(owned)).toEqual([]);
    expect([...page.querySelectorAll('p[data-idx]')].map((p) => p.firstChild?.nodeValue)).toEqual(c.paragraphs);
  });
});
