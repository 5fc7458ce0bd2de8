'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/client/stores/toast-store';
import { MSG } from '@/lib/shared/messages';

/** A keyword is required (docs/catalogue.md "Search"); the search itself is a page navigation, so results are server-rendered. */
export function SearchForm({ initial, lang }: { initial: string; lang: number }) {
  const router = useRouter();
  const [keyword, setKeyword] = useState(initial);
  function submit(e: FormEvent) {
    e.preventDefault();
    const kw = keyword.trim();
    if (!kw) {
      toast(MSG.enterKeyword, { length: 'short' });
      return;
    }
    router.push(`/m/search?keyword=${encodeURIComponent(kw)}&lang=${lang}`);
  }
  return (
    <form role="search" className="search-form" onSubmit={submit} action="/m/search">
      <label className="visually-hidden" htmlFor="keyword">
        搜索关键词
      </label>
      <input
        id="keyword"
        name="keyword"
        type="search"
        enterKeyHint="search"
        maxLength={32}
        placeholder="书名、作者、标签"
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
      />
      <input type="hidden" name="lang" value={lang} />
      <button type="submit" className="button button-primary">
        搜索
      </button>
    </form>
  );
}
