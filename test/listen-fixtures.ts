import type { ReadChapter } from '@/lib/shared/dto/reading';

/** A chapter of novel 1 as GET /v1/read/{id} hands it to a member who may hear it. */
export function listenChapter(id: number, over: Partial<ReadChapter> = {}): ReadChapter {
  return {
    id,
    novel_id: 1,
    idx: id,
    title: `第${id}章`,
    word_count: 100,
    is_free: true,
    price: 0,
    prev_id: id - 1,
    next_id: id + 1,
    redirect_to_id: id,
    access: 'free',
    locked: false,
    paragraphs: [`第${id}章的第一段`, `第${id}章的第二段`, `第${id}章的第三段`],
    paywall: null,
    m3u8_url: `/audio/${id}/index.m3u8`,
    time_track: null,
    novel: {
      id: 1,
      title: '大唐归途',
      thumb: '/covers/1.svg',
      language_type: 1,
      dir: 'ltr',
      has_tts: true,
      ctype: 1,
      article_count: 200,
      sale_mode: 'chapter',
    },
    ...over,
  };
}

export function lockedListenChapter(id: number): ReadChapter {
  return listenChapter(id, {
    is_free: false,
    price: 5,
    access: 'locked',
    locked: true,
    paragraphs: [],
    m3u8_url: null,
    paywall: {
      price: 5,
      buy_mode: 'chapter',
      afford: true,
      welth: 100,
      welth_coupon: 0,
      whole_book_price: null,
      vip_free: false,
      auto_buy: false,
      signed_in: true,
      teaser: null,
    },
  });
}

// One signing instant per test file: an address signed twice in a test is the same address, whichever second each
// call falls in (comparing two calls of Date.now() failed when a second ended between them).
const SIGNED_AT = Date.now();

/** What POST /v1/audio/articles/get_private_url answers for a base address, valid for 6 hours from `now`. */
export function signed(base: string, now = SIGNED_AT): string {
  return `${base}?m=9&e=${Math.floor(now / 1000) + 6 * 3600}&s=0f0f`;
}
