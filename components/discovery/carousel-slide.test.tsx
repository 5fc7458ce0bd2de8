import { render, screen } from '@testing-library/react';
import { CarouselSlide } from './carousel-slide';

describe('CarouselSlide', () => {
  it('shows a generated banner as text-free WebP art with the title and author set over it in HTML', () => {
    const { container } = render(
      <CarouselSlide href="/m/novels/1" banner="/covers/1.svg?banner=1" title="大唐归途" author="青灯知秋" first />,
    );
    const img = screen.getByRole('img', { name: '大唐归途' });
    expect(img).toHaveAttribute('src', '/covers/1.webp?banner=1');
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(container.querySelector('.banner-title')).toHaveTextContent('大唐归途');
    expect(container.querySelector('.banner-author')).toHaveTextContent('青灯知秋');
    expect(screen.getByRole('link')).toHaveAttribute('href', '/m/novels/1');
  });

  it('sets a Uyghur title right to left and leaves an uploaded banner as it is', () => {
    const { container, rerender } = render(
      <CarouselSlide href="/m/novels/3" banner="/covers/3.svg?banner=1" title="كىتاب" languageType={0} first={false} />,
    );
    expect(container.querySelector('.banner-words')).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('img')).toHaveAttribute('loading', 'lazy');
    rerender(<CarouselSlide href="/m/novels/3" banner="/uploads/banner-3.webp" title="书" first={false} />);
    expect(screen.getByRole('img')).toHaveAttribute('src', '/uploads/banner-3.webp');
    expect(container.querySelector('.banner-words')).toBeNull();
  });
});
