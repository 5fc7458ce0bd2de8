import { render } from '@testing-library/react';
import { Cover, coverSrc } from './cover';

// docs/catalogue.md "Covers": a generated thumbnail shows its art without words, as a WebP; larger covers and uploads
// as they are.
describe('Cover', () => {
  it('shows a generated cover of a card or a list as its art alone, as a WebP', () => {
    const { container } = render(<Cover src="/covers/7.svg" tag="完结" />);
    expect(container.querySelector('img')).toHaveAttribute('src', '/covers/7.webp');
    expect(container.querySelector('.cover-tag')).toHaveTextContent('完结');
    expect(coverSrc('/covers/7.svg', 80)).toBe('/covers/7.webp');
    expect(coverSrc('/covers/12345.svg', 40)).toBe('/covers/12345.webp');
  });

  it('keeps the words of a large cover, and shows uploaded pictures and other addresses as they are', () => {
    const { container } = render(<Cover src="/covers/7.svg" width={108} height={144} eager />);
    expect(container.querySelector('img')).toHaveAttribute('src', '/covers/7.svg');
    expect(coverSrc('/covers/7.svg', 81)).toBe('/covers/7.svg');
    expect(coverSrc('/covers/uploaded/7-0123456789abcdef.jpg', 72)).toBe('/covers/uploaded/7-0123456789abcdef.jpg');
    expect(coverSrc('/covers/7.svg?banner=1', 72)).toBe('/covers/7.svg?banner=1');
    expect(coverSrc('/covers/author-7.svg', 72)).toBe('/covers/author-7.svg');
    expect(coverSrc('https://cdn.example.com/covers/7.svg', 72)).toBe('https://cdn.example.com/covers/7.svg');
  });
});
