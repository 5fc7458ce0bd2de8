'use client';

import { usePendingNavigation } from '@/components/ui/use-pending-navigation';
import { useRef, useState, type FormEvent } from 'react';
import { toast } from '@/lib/client/stores/toast-store';
import { MSG } from '@/lib/shared/messages';

/** A keyword is required (docs/catalogue.md "Search"); the search itself is a page navigation, so results are server-rendered. */
export function SearchForm({ initial, lang }: { initial: string; lang: number }) {
  const { navigation, bar } = usePendingNavigation();
  const [keyword, setKeyword] = useState(initial);
  const input = useRef<HTMLInputElement>(null);
  function submit(e: FormEvent) {
    e.preventDefault();
    const kw = keyword.trim();
    if (!kw) {
      toast(MSG.enterKeyword, { length: 'short' });
      return;
    }
    navigation.push(`/m/search?keyword=${encodeURIComponent(kw)}&lang=${lang}`);
  }
  return (
    <>
      {bar}
      <form role="search" className="search-box" onSubmit={submit} action="/m/search">
        <div className="search-field">
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
            <path
              d="M10 3a7 7 0 0 1 5.6 11.2l4.6 4.6-1.4 1.4-4.6-4.6A7 7 0 1 1 10 3zm0 2a5 5 0 1 0 0 10 5 5 0 0 0 0-10z"
              fill="currentColor"
            />
          </svg>
          <label className="visually-hidden" htmlFor="keyword">
            搜索关键词
          </label>
          <input
            ref={input}
            id="keyword"
            name="keyword"
            type="search"
            enterKeyHint="search"
            maxLength={32}
            dir="auto"
            placeholder="书名、作者、标签"
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
          />
          {keyword ? (
            <button
              type="button"
              className="search-clear"
              aria-label="清除"
              onClick={() => {
                setKeyword('');
                input.current?.focus();
              }}
            >
              <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
                <circle cx="12" cy="12" r="10" fill="currentColor" opacity="0.35" />
                <path d="M8.5 8.5l7 7m0-7l-7 7" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          ) : null}
        </div>
        <input type="hidden" name="lang" value={lang} />
        <button type="submit" className="button button-primary search-submit">
          搜索
        </button>
      </form>
    </>
  );
}
