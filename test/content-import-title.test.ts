import iconv from 'iconv-lite';
import { leadLines } from '@/lib/server/content/import/title-line';
import { parseImportFile } from '@/lib/server/content/import/drafts';

// docs/content.md "Import": a TXT's own title line (and 作者：line) before the first chapter heading.
const BOOK = [
  '围城',
  '作者：钱锺书',
  '',
  '　　这是一部写知识分子的小说。',
  '第一章 归国',
  '　　红海早过了，船在印度洋面上开驶着。',
  '第二章 上海',
  '　　方鸿渐到家。',
].join('\n');

describe('the title a TXT states', () => {
  it('is offered instead of the file name, with its author, and leaves the intro', async () => {
    const parsed = await parseImportFile('upload_2931.txt', iconv.encode(BOOK, 'gbk'));
    expect(parsed).toMatchObject({ title: '围城', author: '钱锺书', encoding: 'gb18030' });
    expect(parsed.intro).toBe('这是一部写知识分子的小说。');
    expect(parsed.chapters.map((c) => c.title)).toEqual(['第一章 归国', '第二章 上海']);
  });

  it('takes 《书名》 and 书名：forms, and never a sentence or an author line', () => {
    expect(leadLines('《围城》\n简介').title).toBe('围城');
    expect(leadLines('书名：围城\n作者: 钱锺书').title).toBe('围城');
    expect(leadLines('书名：围城\n作者: 钱锺书').author).toBe('钱锺书');
    expect(leadLines('红海早过了，船在印度洋面上开驶着。').title).toBeNull();
    expect(leadLines('It was a dark night. The sea was calm').title).toBeNull();
    expect(leadLines('作者：钱锺书\n围城').title).toBeNull();
    expect(leadLines('这一行字数太多了所以它不会被当成书名来用它更像是正文里的一句话没有标点而已吧').title).toBeNull();
  });

  it('keeps the file name where the file says nothing before its first chapter', async () => {
    const parsed = await parseImportFile('雾港来信.txt', Buffer.from('第一章 起\n正文。\n第二章 承\n正文。', 'utf8'));
    expect(parsed).toMatchObject({ title: '雾港来信', author: '' });
  });
});
