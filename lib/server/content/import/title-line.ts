import 'server-only';

/** What reads as a sentence rather than a title: sentence punctuation of Chinese and Latin text. */
const SENTENCE = /[。！？，；…!?,;]|\.\s|\.$/;
const MAX_TITLE = 30;
const LABELLED = /^(书名|書名|作品|标题|標題)\s*[:：]\s*(.+)$/;
const AUTHOR = /^(作者|作\s*者|著)\s*[:：]\s*(.{1,64})$/;

const unbracket = (line: string) => line.replace(/^[《〈「『【\[]\s*(.+?)\s*[》〉」』】\]]$/, '$1').trim();

/**
 * The title and author a TXT states before its first chapter heading (docs/content.md "Import"): its first line when
 * that is short and no sentence (书名 in 《》 or after 书名：), and a 作者：line among the first lines. What was taken
 * leaves the intro, so the book's summary does not repeat it. Null fields where the file says nothing usable.
 */
export function leadLines(intro: string): { title: string | null; author: string | null; intro: string } {
  const lines = intro.split('\n');
  const first = lines.findIndex((l) => l.trim());
  if (first < 0) return { title: null, author: null, intro };
  const taken = new Set<number>();
  let title: string | null = null;
  let author: string | null = null;
  const line = lines[first]!.trim();
  const candidate = unbracket(LABELLED.exec(line)?.[2] ?? line);
  if (!AUTHOR.test(line) && candidate.length <= MAX_TITLE && !SENTENCE.test(candidate)) {
    title = candidate;
    taken.add(first);
  }
  // The author's line, if any, sits right under the title (or first), before any text.
  for (let i = first; i < Math.min(lines.length, first + 4); i++) {
    const m = AUTHOR.exec(lines[i]!.trim());
    if (m) {
      author = m[2]!.trim();
      taken.add(i);
      break;
    }
  }
  const rest = lines
    .filter((_, i) => !taken.has(i))
    .join('\n')
    .trim();
  return { title, author, intro: rest };
}
