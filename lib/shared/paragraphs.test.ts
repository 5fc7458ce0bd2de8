import { splitParagraphs } from './paragraphs';

describe('splitParagraphs (docs/catalogue.md chapter paragraphs)', () => {
  it('splits on any line break and trims each paragraph', () => {
    expect(splitParagraphs('第一段。\n  第二段。\r\n第三段。\r第四段。')).toEqual(['第一段。', '第二段。', '第三段。', '第四段。']);
  });

  it('drops empty lines and lines that are only a period', () => {
    expect(splitParagraphs('开头。\n\n   \n。\n.\n。。\n结尾。')).toEqual(['开头。', '结尾。']);
  });

  it('drops Uyghur and Tibetan lone full stops too, keeping their sentences', () => {
    expect(splitParagraphs('ئۇ كەلدى.\n۔\nབཀྲ་ཤིས།\n།')).toEqual(['ئۇ كەلدى.', 'བཀྲ་ཤིས།']);
  });

  it('keeps a line that merely ends with a period', () => {
    expect(splitParagraphs('他说：“走。”\n。')).toEqual(['他说：“走。”']);
  });

  it('returns nothing for empty content', () => {
    expect(splitParagraphs('')).toEqual([]);
  });
});
