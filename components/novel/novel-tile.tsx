import { IntentLink as Link } from '@/components/ui/intent-link';
import type { TileNovel } from '@/lib/shared/tiles';
import { LANGUAGE_META, type LanguageType } from '@/lib/shared/constants';
import { Cover } from './cover';

/** A cover with its title under it, for grids and shelves of four; href as NovelCard's. */
export function NovelTile({ novel, href }: { novel: TileNovel; href?: string }) {
  const meta = LANGUAGE_META[novel.language_type as LanguageType] ?? LANGUAGE_META[1];
  return (
    <li className="novel-tile">
      <Link href={href ?? `/m/novels/${novel.id}`}>
        <Cover src={novel.thumb} tag={novel.cover_tag} width={80} height={107} />
        <span className="tile-title" {...(meta.lang === 'zh-CN' ? null : { lang: meta.lang, dir: meta.dir })}>
          {novel.title}
        </span>
      </Link>
    </li>
  );
}
