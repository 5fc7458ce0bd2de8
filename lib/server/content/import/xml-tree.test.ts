import { childrenNamed, find, findAll, parseXml, textOf } from './xml-tree.mjs';

// The package documents of real books are not always well-formed; the tree must still come out (docs/content.md
// "Import"), and a doctype must not be able to grow the text.
describe('parseXml', () => {
  it('reads elements, attributes without prefixes, text, CDATA and the predefined and numeric entities', () => {
    const tree = parseXml(
      '<?xml version="1.0" encoding="utf-8"?><package xmlns:opf="x"><metadata><dc:title>书 &amp; 剑 &#x4e66;&#20070;</dc:title>' +
        '<meta name="cover" content="img"/></metadata><spine toc="ncx"><itemref idref="c1"/><itemref idref="c2"/></spine>' +
        '<![CDATA[a<b]]></package>',
    );
    expect(textOf(find(tree, 'title'))).toBe('书 & 剑 书书');
    expect(find(tree, 'meta')?.attrs).toEqual({ name: 'cover', content: 'img' });
    expect(childrenNamed(find(tree, 'spine')!, 'itemref').map((n) => n.attrs.idref)).toEqual(['c1', 'c2']);
    expect(find(tree, 'package')?.children).toContain('a<b');
  });

  it('does not expand an entity the doctype declares, however often it is used', () => {
    const laughs = '<!DOCTYPE p [<!ENTITY a "AAAAAAAAAA"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>';
    const tree = parseXml(`${laughs}<p>${'&b;'.repeat(1000)}</p>`);
    const text = textOf(find(tree, 'p'));
    expect(text).not.toContain('A');
    expect(text.length).toBeLessThanOrEqual('&b;'.length * 1000);
  });

  it('passes over malformed markup: an unclosed element ends with its parent, a stray end tag is ignored', () => {
    const tree = parseXml(
      '<navMap><navPoint><navLabel><text>第一章<br></text></navLabel></span></navPoint><navPoint><text>第二章</text></navMap>',
    );
    expect(findAll(tree, 'navPoint')).toHaveLength(2);
    expect(findAll(tree, 'text').map((t) => textOf(t))).toEqual(['第一章', '第二章']);
  });

  it('keeps the first of two attributes that differ only by prefix', () => {
    const tree = parseXml('<item opf:id="first" id="second"/>');
    expect(find(tree, 'item')?.attrs.id).toBe('first');
  });
});
