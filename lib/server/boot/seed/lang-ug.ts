import 'server-only';
import { fill } from './random';
import type { LanguagePack } from './language-pack';

const names = [
  'ئابدۇللا',
  'مۇھەممەت',
  'ئايگۈل',
  'گۈلنار',
  'ئەركىن',
  'دىلنۇر',
  'پەرىدە',
  'ئالىم',
  'نۇرئەلى',
  'شېرىپ',
  'مەرىيەم',
  'ئەخمەت',
  'زۆھرە',
  'تۇرسۇن',
  'ساۋۇت',
  'رەيھان',
];
const places = ['قەشقەر', 'تۇرپان', 'ئۈرۈمچى', 'خوتەن', 'ئاقسۇ', 'غۇلجا', 'كۇچار', 'ياركەنت'];
const nouns = ['ئۈمىد', 'مۇھەببەت', 'سىر', 'ئەپسانە', 'دوستلۇق', 'ۋەدە', 'چۈش', 'ھايات'];
const sky = ['يۇلتۇزلار', 'ئاي', 'كۈن', 'بۇلۇتلار'];

const sentences = [
  '{hero} ئەتىگەندە ئورنىدىن تۇرۇپ، {place} تەرەپكە قاراپ يولغا چىقتى.',
  'ئۇ {noun} ھەققىدە ئويلاپ، كۆڭلى بىئارام بولدى.',
  '{hero} بىلەن {friend} كەچ كىرگۈچە ئۇزۇن پاراڭلاشتى.',
  'ئاسماندا {sky} پارقىراپ تۇراتتى.',
  'بۇ كېچە ھەممە نەرسە جىمجىت ئىدى.',
  '{friend}: «بىز چوقۇم ئۈمىدنى يوقاتماسلىقىمىز كېرەك» دېدى.',
  '{place} دىكى كونا كوچىلاردا ئادەملەر ئاۋارە ئىدى.',
  '{rival} ئۇلارنىڭ يولىنى توسۇپ، سوغۇق كۈلۈمسىرىدى.',
  'باغدىكى ئۈزۈم تاللىرى شامالدا ئاستا تەۋرىنەتتى.',
  '{hero} ئانىسىنىڭ سۆزلىرىنى ئېسىگە ئالدى.',
  'يىراقتىن دۇتارنىڭ مۇڭلۇق ئاۋازى ئاڭلىنىپ تۇراتتى.',
  'ئۇ بۇ {noun} نىڭ ھەقىقىي مەنىسىنى ئەمدى چۈشەندى.',
];
const titleParts: Array<[string, string]> = [
  ['قەشقەر', 'كېچىلىرى'],
  ['تەڭرىتاغ', 'ئەپسانىسى'],
  ['چۆل', 'يۇلتۇزى'],
  ['تارىم', 'دولقۇنلىرى'],
  ['ئانا', 'يۇرت'],
  ['ئالتۇن', 'باغ'],
  ['يوللار', 'ۋە ئۈمىد'],
  ['كۆك', 'ئاسمان'],
  ['سۈكۈت', 'ساداسى'],
  ['باھار', 'ناخشىسى'],
];
const chapterPhrases = ['باشلىنىش', 'ئۇچرىشىش', 'سىر', 'سەپەر', 'قايتىش', 'ۋەدە', 'كۈتۈش', 'يېڭى كۈن'];

export const ug: LanguagePack = {
  languageType: 0,
  dir: 'rtl',
  personName: (rng) => rng.pick(names),
  penName: (rng) => `${rng.pick(names)} ${rng.pick(['قادىر', 'ئىمىن', 'سادىق', 'توختى', 'ھەسەن'])}`,
  editor: (rng) => rng.pick(['ئەنۋەر', 'مۇنىرە', 'قاسىم']),
  copyrightHolder: () => 'شۇشېڭ ئەدەبىيات',
  title: (rng) => rng.pick(titleParts).join(' '),
  summary: (rng, cast) =>
    `${cast.hero} ${rng.pick(places)} دا ياشايدىغان ئاددىي بىر ئادەم ئىدى. ` +
    `${cast.rival} نىڭ كېلىشى بىلەن ئۇنىڭ ھاياتى ئۆزگىرىپ كەتتى. ` +
    `بۇ ${rng.pick(nouns)} ۋە جاسارەت ھەققىدىكى ھېكايە.`,
  chapterTitle: (rng, n) => `${n}-باب ${rng.pick(chapterPhrases)}`,
  paragraph(rng, cast) {
    const count = rng.int(1, 3);
    return Array.from({ length: count }, () =>
      fill(rng.pick(sentences), {
        hero: cast.hero,
        friend: cast.friend,
        rival: cast.rival,
        place: rng.pick(places),
        noun: rng.pick(nouns),
        sky: rng.pick(sky),
      }),
    ).join(' ');
  },
  countWords: (text) => text.split(/\s+/).filter(Boolean).length,
};
