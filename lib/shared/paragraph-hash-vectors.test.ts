import { normaliseParagraph, paragraphHash } from './paragraph-hash';

describe('paragraphHash', () => {
  it('is FNV-1a 64 over UTF-8: the published test vectors', () => {
    expect(paragraphHash('')).toBe('cbf29ce484222325');
    expect(paragraphHash('a')).toBe('af63dc4c8601ec8c');
    expect(paragraphHash('foobar')).toBe('85944171f73967e8');
  });

  it('hashes the UTF-8 bytes: the same as FNV-1a over Buffer.from(text) for every script, emoji and a lone surrogate', () => {
    const reference = (t: string) => {
      let h = BigInt('0xcbf29ce484222325');
      for (const b of Buffer.from(t, 'utf8')) h = ((h ^ BigInt(b)) * BigInt('0x100000001b3')) & BigInt('0xffffffffffffffff');
      return h.toString(16).padStart(16, '0');
    };
    for (const t of ['é', '他推开门', 'ئۇ كىتاب', 'བཀྲ་ཤིས་', '😀 好', 'a\ud800b'])
      expect(paragraphHash(t)).toBe(reference(normaliseParagraph(t)));
  });

  it('always gives 16 hex digits, different for different text', () => {
    const a = paragraphHash('他推开门，雨还在下。');
    const b = paragraphHash('他推开门，雨停了。');
    expect(a).toMatch(/^[0-9a-f]{16}$/);
    expect(b).toMatch(/^[0-9a-f]{16}$/);
    expect(a).not.toBe(b);
  });

  it('ignores what normalisation removes: outer space, whitespace runs, full-width forms', () => {
    expect(paragraphHash('  他推开门，  雨还在下。 ')).toBe(paragraphHash('他推开门， 雨还在下。'));
    expect(paragraphHash('ＡＢＣ１２３')).toBe(paragraphHash('ABC123'));
    expect(paragraphHash('a\t\n b')).toBe(paragraphHash('a b'));
  });

  it('normalises Uyghur and Tibetan text without changing its letters', () => {
    expect(normaliseParagraph(' ئۇ كىتاب ئوقۇدى ')).toBe('ئۇ كىتاب ئوقۇدى');
    expect(normaliseParagraph('བཀྲ་ཤིས་')).toBe('བཀྲ་ཤིས་'.normalize('NFKC'));
    expect(paragraphHash('ئۇ كىتاب')).toMatch(/^[0-9a-f]{16}$/);
  });
});
