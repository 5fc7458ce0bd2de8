// Plain ESM, as the parse worker runs it (refusal.mjs says why); the measure text-decode.mjs decides with.
import iconv from 'iconv-lite';
import { Converter } from 'opencc-js/t2cn';

/**
 * How much a decoded text looks like real text (docs/content.md "Encodings"): the measure that decides between the
 * encodings a file without a byte-order mark could be in, and refuses a decoding that is mojibake.
 *
 * Two tiers of Chinese characters, each simplified with its traditional forms:
 * - common: the 3,755 characters of GB 2312's first level, the set chosen as the ones in common use, read out of the
 *   encoding itself (bytes B0A1–D7F9);
 * - frequent: the 1,000 most frequent characters of modern written Chinese below, which make up about nine in ten
 *   characters of a novel.
 * A traditional form is every Big5 character that OpenCC's character table (traditional → simplified, the one the
 * moderation filter already loads) turns into a character of the tier, so 後 and 后, 髮 and 發 all count for 发/后.
 * Real text, simplified or traditional, has nearly all its Chinese characters common and most of them frequent; a
 * wrong decoding gives rare characters, symbols, kana, replacement and private-use characters, or (EUC-KR read as
 * GBK) common characters in no useful order, which only the frequent tier tells apart.
 */
const FREQUENT =
  '的一是不了在人有我他这个们中来上大为和国地到以说时要就出会可也你对生能而子那得于着下自之年过发后作里用道行所然家种事成方多经么去法学如都同现当没动面起看定天分还进好小部其些主样理心她本前开但因只从想实' +
  '日军者意无力它与长把机十民第公此已工使情明性知全三又关点正业外将两高间由问很最重并物手应战向头文体政美相见被利什二等产或新己制身果加西斯月话合回特代内信表化老给世位次度门任常先海通教儿原东声提立及比员' +
  '解水名真论处走义各入几口认条平系气题活尔更别打女变四神总何电数安少报才结反受目太量再感建务做接必场件计管期市直德资命山金指克许统区保至队形社便空决治展马科司五基眼书非则听白却界达光放强即像难且权思王象' +
  '完设式色路记南品住告类求据程北边死张该交规万取拉格望觉术领共确传师观清今切院让识候带导争运笑飞风步改收根干造言联持组每济车亲极林服快办议往元英士证近失转夫令准布始怎呢存未远叫台单影具罗字爱击流备兵连调' +
  '深商算质团集百需价花党华城石级整府离况亚请技际约示复病息究线似官火断精满支视消越器容照须九增研写称企八功吗包片史委乎查轻易早曾除农找装广显吧阿李标谈吃图念六引历首医局突专费号尽另周较注语仅考落青随选列' +
  '武红响虽推势参希古众构房半节土投某案黑维革划敌致陈律足态护七兴派孩验责营星够章音跟志底站严巴例防族供效续施留讲型料终答紧黄绝奇察母京段依批群项故按河米围江织害斗双境客纪采举杀攻父苏密低朝友诉止细愿千值' +
  '仍男钱破网热助倒育属坐帝限船脸职速刻乐否刚威毛状率甚独球般普怕弹校苦创假久错承印晚兰试股拿脑预谁益阳若哪微尼继送急血惊伤素药适波夜省初喜卫源食险待述陆习置居劳财环排福纳欢雷警获模充负云停木游龙树疑层冷' +
  '洲冲射略范竟句室异激汉村哈策演简卡罪判担州静退既衣您宗积余痛检差富灵协角占配征修皮挥胜降阶审沉坚善妈刘读啊超免压银买皇养伊怀执副乱抗犯追帮宣佛岁航优怪香著田铁控税左右份穿艺背阵草脚概恶块顿敢守酒岛托央' +
  '户烈洋哥索胡款靠评版宝座释景顾弟登货互付伯慢欧换闻危忙核暗姐介坏讨丽良序升监临亮露永呼味野架域沙掉括舰鱼杂误湾吉减编楚肯测败屋跑梦散温困剑渐封救贵枪缺楼县尚毫移娘朋画班智亦耳恩短掌恐遗固席松秘谢鲁遇康' +
  '虑幸均销钟诗藏赶剧票损忽巨炮旧端探湖录叶春乡附吸予礼港雨呀板庭妇归睛饭额含顺输摇招婚脱补谓督毒油疗旅泽材灭逐莫笔亡鲜词圣择寻厂睡博勒烟授诺伦岸奥唐卖俄炸载洛健堂旁宫喝借君禁阴园谋宋避抓荣姑孙逃牙束跳顶';

/** @type {{ common: Set<string>; frequent: Set<string> } | null} */
let tiers = null;

/** Built on first use (about 0.2 s): GB 2312's first level, the list above, and their Big5 traditional forms. */
function hanziTiers() {
  if (tiers) return tiers;
  const gb = [];
  for (let hi = 0xb0; hi <= 0xd7; hi++) for (let lo = 0xa1; lo <= (hi === 0xd7 ? 0xf9 : 0xfe); lo++) gb.push(hi, lo);
  const common = new Set(iconv.decode(Buffer.from(gb), 'gb18030'));
  const frequent = new Set(FREQUENT);
  // Every Big5 character on a line of its own, converted in one call (a line break keeps OpenCC's phrases apart).
  const big5 = [];
  for (let hi = 0xa4; hi <= 0xf9; hi++) {
    for (let lo = 0x40; lo <= 0xfe; lo++) if (lo <= 0x7e || lo >= 0xa1) big5.push(hi, lo, 0x0a);
  }
  const traditional = iconv.decode(Buffer.from(big5), 'big5').split('\n');
  const simplified = Converter({ from: 't', to: 'cn' })(traditional.join('\n')).split('\n');
  traditional.forEach((t, i) => {
    const s = simplified[i];
    if (!t || !s) return;
    if (common.has(s)) common.add(t);
    if (frequent.has(s)) frequent.add(t);
  });
  tiers = { common, frequent };
  return tiers;
}

/**
 * What a decoded text is made of, counted over its characters outside ASCII: `letters` (letters outside ASCII, plus
 * replacement, private-use and unassigned characters), `broken` (replacement, private-use and unassigned characters:
 * what a wrong decoding leaves), `good` (letters our books are written in: common hanzi, Arabic and Tibetan letters),
 * `han` and `frequentHan`. Typed in hanzi.d.mts.
 */
const HAN = /\p{Script=Han}/u;
const BROKEN = /[\uFFFD\p{Co}\p{Cn}\p{Cs}]/u;
const LETTER = /\p{L}/u;
// The scripts of our other languages (Uyghur, Tibetan). Other letters outside ASCII count against a decoding:
// kana, hangul, Greek and Cyrillic are what GBK's symbol rows give a wrong decoding, and a binary file read as
// UTF-16 turns into Latin-1 letters.
const OUR_SCRIPTS = /[\p{Script=Arabic}\p{Script=Tibetan}]/u;

export function plausibility(text) {
  const { common, frequent } = hanziTiers();
  const p = { letters: 0, broken: 0, good: 0, han: 0, frequentHan: 0 };
  for (const ch of text) {
    if (ch.charCodeAt(0) < 0x80) continue;
    if (BROKEN.test(ch)) {
      p.letters++;
      p.broken++;
    } else if (HAN.test(ch)) {
      p.letters++;
      p.han++;
      if (common.has(ch)) p.good++;
      if (frequent.has(ch)) p.frequentHan++;
    } else if (LETTER.test(ch)) {
      p.letters++;
      if (OUR_SCRIPTS.test(ch)) p.good++;
    }
  }
  return p;
}

/** Below this many Chinese characters the frequent tier says little (a title page, a short note): not required. */
const FREQUENT_FROM = 200;

/**
 * Whether a decoding reads as text: at most 1 in 500 letters broken, 9 in 10 good, and with enough Chinese for the
 * measure to mean something, half of it frequent (real novels: 85–90 %; EUC-KR read as GBK: about 20 %).
 */
export function readsAsText(p) {
  if (p.letters === 0) return true;
  if (p.broken * 500 > p.letters) return false;
  if (p.good < p.letters * 0.9) return false;
  return p.han < FREQUENT_FROM || p.frequentHan >= p.han * 0.5;
}

/** A ranking of decodings, higher is more like text: the good share plus the frequent share of the Chinese. */
export function textScore(p) {
  if (p.letters === 0) return 2;
  return p.good / p.letters + (p.han ? p.frequentHan / p.han : 1) - (10 * p.broken) / p.letters;
}
