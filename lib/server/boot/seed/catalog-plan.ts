import 'server-only';
import { createRng, type Rng } from './random';
import type { Cast, LanguagePack } from './language-pack';
import { zh } from './lang-zh';
import { ug } from './lang-ug';
import { bo } from './lang-bo';

export const SEED = 20261121;
const PACKS = { 0: ug, 1: zh, 2: bo } as const;

export interface CategoryPlan {
  id: number;
  name: string;
  gender: 1 | 2;
  languageType: 0 | 1 | 2;
  tags: string[];
}
export interface AuthorPlan {
  id: number;
  name: string;
  bio: string;
  languageType: number;
}
export interface ChapterPlan {
  id: number;
  novelId: number;
  idx: number;
  title: string;
  content: string;
  wordCount: number;
  isFree: boolean;
  price: number;
}
export interface NovelPlan {
  id: number;
  title: string;
  authorId: number;
  categoryId: number;
  summary: string;
  tags: string[];
  coverTag: string | null;
  ctype: number;
  hasTts: boolean;
  status: 0 | 1;
  gender: 1 | 2;
  languageType: 0 | 1 | 2;
  copyrightHolder: string;
  editor: string;
  isOffShelf: boolean;
  saleMode: 'chapter' | 'whole_book' | 'free';
  wholeBookPrice: number | null;
  vipFree: boolean;
  freeDays: number | null;
  popularity: number;
  chapterCount: number;
  freeChapters: number;
  chapterLength: [number, number];
}

const zhCategories: Array<[string, 1 | 2, string[]]> = [
  ['玄幻', 1, ['热血', '升级', '异世']],
  ['仙侠', 1, ['修仙', '宗门', '逆袭']],
  ['都市', 1, ['都市', '商战', '神医']],
  ['历史', 1, ['架空', '权谋', '争霸']],
  ['科幻', 1, ['星际', '末世', '机甲']],
  ['悬疑', 1, ['推理', '破案', '灵异']],
  ['武侠', 1, ['江湖', '侠义', '快意恩仇']],
  ['游戏', 1, ['电竞', '网游', '系统']],
  ['古代言情', 2, ['宫斗', '宅斗', '甜宠']],
  ['现代言情', 2, ['豪门', '职场', '甜宠']],
  ['幻想言情', 2, ['仙侠奇缘', '异能', '穿越']],
  ['青春校园', 2, ['校园', '青春', '暗恋']],
  ['穿越重生', 2, ['重生', '穿越', '逆袭']],
];
const ugCategories: Array<[string, 1 | 2, string[]]> = [
  ['رومان', 1, ['سەرگۈزەشت']],
  ['مۇھەببەت', 2, ['مۇھەببەت']],
  ['تارىخىي', 1, ['تارىخ']],
];
const boCategories: Array<[string, 1 | 2, string[]]> = [
  ['སྒྲུང་གཏམ།', 1, ['གཏམ་རྒྱུད།']],
  ['ལོ་རྒྱུས།', 1, ['ལོ་རྒྱུས།']],
];

export interface CatalogPlan {
  categories: CategoryPlan[];
  authors: AuthorPlan[];
  novels: NovelPlan[];
  casts: Map<number, Cast>;
}

function castFor(rng: Rng, pack: LanguagePack): Cast {
  const hero = pack.personName(rng);
  let friend = pack.personName(rng);
  let rival = pack.personName(rng);
  for (let i = 0; i < 5 && (friend === hero || rival === hero || rival === friend); i++) {
    friend = pack.personName(rng);
    rival = pack.personName(rng);
  }
  return { hero, friend, rival };
}

/** Deterministic plan of the demo catalogue: same seed, same novels, chapters and text. */
export function planCatalog(seed = SEED): CatalogPlan {
  const rng = createRng(seed);
  const categories: CategoryPlan[] = [];
  const addCategories = (defs: Array<[string, 1 | 2, string[]]>, languageType: 0 | 1 | 2) =>
    defs.forEach(([name, gender, tags]) => categories.push({ id: categories.length + 1, name, gender, languageType, tags }));
  addCategories(zhCategories, 1);
  addCategories(ugCategories, 0);
  addCategories(boCategories, 2);

  const authors: AuthorPlan[] = [];
  const novels: NovelPlan[] = [];
  const casts = new Map<number, Cast>();

  const addNovel = (languageType: 0 | 1 | 2, overrides: Partial<NovelPlan> = {}) => {
    const pack = PACKS[languageType];
    const id = novels.length + 1;
    const pool = categories.filter((c) => c.languageType === languageType);
    const category = rng.pick(pool);
    // Authors write one to three books: reuse a same-language author a third of the time.
    const sameLang = authors.filter((a) => a.languageType === languageType);
    let author = sameLang.length && rng.chance(0.33) ? rng.pick(sameLang) : undefined;
    if (!author) {
      const name = pack.penName(rng);
      // A pen name drawn twice in one language is one author (docs/content.md "Authors").
      author = sameLang.find((a) => a.name === name);
      if (!author) {
        author = { id: authors.length + 1, name, bio: '', languageType };
        authors.push(author);
      }
    }
    const cast = castFor(rng, pack);
    casts.set(id, cast);
    const status: 0 | 1 = rng.chance(0.4) ? 1 : 0;
    const hasTts = languageType !== 2 && rng.chance(0.7);
    const saleRoll = rng.next();
    const novel: NovelPlan = {
      id,
      title: pack.title(rng),
      authorId: author.id,
      categoryId: category.id,
      summary: pack.summary(rng, cast),
      tags: rng.sample(category.tags, 2),
      coverTag: null,
      ctype: hasTts && rng.chance(0.12) ? 2 : 1,
      hasTts,
      status,
      gender: category.gender,
      languageType,
      copyrightHolder: pack.copyrightHolder(),
      editor: pack.editor(rng),
      isOffShelf: false,
      saleMode: saleRoll < 0.1 ? 'free' : 'chapter',
      wholeBookPrice: null,
      vipFree: rng.chance(0.3),
      freeDays: saleRoll >= 0.1 && saleRoll < 0.18 ? rng.int(2, 10) : null,
      popularity: rng.int(1_000, 900_000),
      chapterCount: rng.int(12, 60),
      freeChapters: 10,
      chapterLength: [12, 28],
      ...overrides,
    };
    // Titles repeat across a catalogue of this size; a numbered sequel keeps them distinct.
    const twins = novels.filter((n) => n.title === novel.title || n.title.startsWith(`${novel.title} `)).length;
    if (twins) novel.title = `${novel.title} ${twins + 1}`;
    novel.coverTag =
      novel.saleMode === 'free' ? '免费' : novel.freeDays ? '限免' : novel.status === 1 ? '完结' : rng.chance(0.2) ? '独家' : null;
    novels.push(novel);
  };

  // Fixed fixtures that tests and the README rely on (ids 1–6).
  addNovel(1, {
    status: 0,
    chapterCount: 200,
    freeChapters: 20,
    hasTts: true,
    ctype: 1,
    saleMode: 'chapter',
    freeDays: null,
    vipFree: false,
    popularity: 999_000,
  });
  addNovel(1, {
    status: 1,
    chapterCount: 3000,
    freeChapters: 30,
    hasTts: true,
    ctype: 1,
    saleMode: 'chapter',
    freeDays: null,
    popularity: 950_000,
    chapterLength: [8, 16],
  });
  addNovel(0, { hasTts: true, ctype: 1, chapterCount: 40, saleMode: 'chapter', freeDays: null, popularity: 600_000 });
  addNovel(2, { hasTts: false, chapterCount: 30, saleMode: 'chapter', freeDays: null, popularity: 500_000 });
  addNovel(1, { isOffShelf: true, chapterCount: 20, saleMode: 'chapter', freeDays: null });
  addNovel(1, {
    saleMode: 'whole_book',
    wholeBookPrice: 500,
    freeChapters: 5,
    chapterCount: 40,
    freeDays: null,
    vipFree: false,
    popularity: 400_000,
  });

  for (let i = 0; i < 182; i++) addNovel(1);
  for (let i = 0; i < 15; i++) addNovel(0);
  for (let i = 0; i < 8; i++) addNovel(2);
  // Last, so no other novel's id or chapters move: an off-shelf book, every chapter paid, for the scheduled-chapter
  // e2e journey (e2e/content-edit.spec.ts, docs/content.md "Scheduled chapters").
  addNovel(1, {
    title: '待上架的山海新书',
    isOffShelf: true,
    chapterCount: 12,
    freeChapters: 0,
    hasTts: false,
    ctype: 1,
    saleMode: 'chapter',
    freeDays: null,
    vipFree: false,
    popularity: 1_000,
  });
  return { categories, authors, novels, casts };
}

/** Chapters of one novel, generated on demand so the whole text never sits in memory at once. */
export function planChapters(novel: NovelPlan, cast: Cast, firstId: number, seed = SEED): ChapterPlan[] {
  const rng = createRng(seed ^ (novel.id * 2654435761));
  const pack = PACKS[novel.languageType];
  const out: ChapterPlan[] = [];
  for (let n = 1; n <= novel.chapterCount; n++) {
    const paragraphs: string[] = [];
    const count = rng.int(novel.chapterLength[0], novel.chapterLength[1]);
    for (let p = 0; p < count; p++) paragraphs.push(pack.paragraph(rng, cast));
    // Blank lines between some paragraphs, as authors type them; the reader drops them (docs/catalogue.md "Novels and chapters").
    const content = paragraphs.map((p) => (rng.chance(0.3) ? `${p}\n` : p)).join('\n');
    const wordCount = pack.countWords(content);
    const isFree = novel.saleMode === 'free' || n <= novel.freeChapters;
    out.push({
      id: firstId + n - 1,
      novelId: novel.id,
      idx: n,
      title: pack.chapterTitle(rng, n),
      content,
      wordCount,
      isFree,
      // 5 coins per thousand words, at least 5.
      price: isFree ? 0 : Math.max(5, Math.round((wordCount / 1000) * 5)),
    });
  }
  return out;
}
