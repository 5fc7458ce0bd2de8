import type { ReadChapter } from '@/lib/shared/dto/reading';
import { ChapterBody } from './chapter-body';
import { Paywall } from './paywall';
import { ReaderShell } from './reader-shell';
import { MinorsUsageGate } from '@/components/minors/usage-gate';

/**
 * The reader page's body (docs/reading.md "How the reader page is built"). No client code of its own: rendered by
 * the server, the chapter's text is plain markup, and the client part (`ReaderShell`: tap zones, bars, chapter to
 * chapter in the browser) receives the chapter without its paragraphs. Only a locked chapter brings the paywall's
 * code.
 */
/** The text is in the page already (HTML and server-component payload): a third copy as a prop would be parsed for nothing. */
const withoutText = (c: ReadChapter): ReadChapter => (c.paragraphs.length ? { ...c, paragraphs: [] } : c);

export function ReaderView({ initial }: { initial: ReadChapter }) {
  return (
    <>
      <MinorsUsageGate kind="read" />
      <ReaderShell initial={withoutText(initial)} foot={initial.locked ? <Paywall chapter={initial} withNav /> : null}>
        <ChapterBody chapter={initial} />
      </ReaderShell>
    </>
  );
}
