import { chapterParagraphHashes, fnv1a64, normaliseParagraph, paragraphHash, PARAGRAPH_HASH_PATTERN } from './paragraph-hash';
import { splitParagraphs } from './paragraphs';

describe('paragraph anchors', () => {
  it('is FNV-1a 64 (published test vectors)', () => {
    expect(fnv1a64('')).toBe('cbf29ce484222325');
    expect(fnv1a64('a')).toBe('af63dc4c8601ec8c');
    expect(fnv1a64('foobar')).toBe('85944171f73967e8');
  });

  it('hashes the UTF-8 bytes, astral characters and lone surrogates included', () => {
    const viaNode = (s: string) => {
      let h = 0xcbf29ce484222325n;
      for (const b of Buffer.from(s, 'utf8')) h = ((h ^ BigInt(b)) * 0x100000001b3n) & 0xffffffffffffffffn;
      return h.toString(16).padStart(16, '0');
    };
    for (const s of ['书声', 'ئۇيغۇر', 'བོད་', '🙂a', 'x\uD800y', 'é'.normalize('NFD')]) expect(fnv1a64(s)).toBe(viaNode(s));
  });

  it('hashes the normalised text: width, spacing and surrounding blanks do not matter', () => {
    expect(normaliseParagraph('  ＡＢＣ\u3000 def \t ')).toBe('ABC def');
    expect(paragraphHash('他说：  你好')).toBe(paragraphHash(' 他说： 你好 '));
    expect(paragraphHash('他说：你好')).not.toBe(paragraphHash('他说：你好！'));
    expect(paragraphHash('书声')).toMatch(PARAGRAPH_HASH_PATTERN);
  });

  it('follows the reader’s split: one hash per paragraph it shows', () => {
    const content = '第一段\n\n。\r\n第二段 \n  ';
    expect(splitParagraphs(content)).toEqual(['第一段', '第二段']);
    expect(chapterParagraphHashes(content)).toEqual([paragraphHash('第一段'), paragraphHash('第二段')]);
  });
});
