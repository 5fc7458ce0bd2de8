import { IntentLink as Link } from '@/components/ui/intent-link';
import { LANGUAGE_META, type LanguageType } from '@/lib/shared/constants';

/**
 * Content language switch as links, so the choice lives in the URL and a shared link keeps it. The Uyghur and
 * Tibetan labels draw with fonts of just their glyphs (language-chips.css), not the full faces.
 */
export function LanguageChips({ current, href }: { current: LanguageType; href: (lang: LanguageType) => string }) {
  return (
    <nav className="chip-row" aria-label="内容语言">
      {([1, 0, 2] as const).map((lt) => (
        <Link
          key={lt}
          href={href(lt)}
          className={lt === current ? 'chip active' : 'chip'}
          lang={LANGUAGE_META[lt].lang}
          aria-current={lt === current ? 'true' : undefined}
        >
          {LANGUAGE_META[lt].label}
        </Link>
      ))}
    </nav>
  );
}
