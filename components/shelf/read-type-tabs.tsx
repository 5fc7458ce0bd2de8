import { IntentLink as Link } from '@/components/ui/intent-link';
import type { ReadType } from '@/lib/shared/dto/shelf';
import { SERVER_MSG } from '@/lib/server/messages';

/** 文字 / 听书: the kind lives in the URL (`?read_type=2`) so a shared or reloaded link keeps the tab. */
export function ReadTypeTabs({ base, current }: { base: string; current: ReadType }) {
  const tabs: Array<[ReadType, string]> = [
    [1, SERVER_MSG.readTypeText],
    [2, SERVER_MSG.readTypeAudio],
  ];
  return (
    <nav className="tabs list-tabs" aria-label="类型">
      {tabs.map(([type, label]) => (
        <Link
          key={type}
          href={type === 1 ? base : `${base}?read_type=2`}
          replace
          className={type === current ? 'tab-link active' : 'tab-link'}
          aria-current={type === current ? 'page' : undefined}
        >
          {label}
        </Link>
      ))}
    </nav>
  );
}
