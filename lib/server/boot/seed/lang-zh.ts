import 'server-only';
import { fill, type Rng } from './random';
import type { LanguagePack } from './language-pack';

const surnames = '林陈叶萧楚苏沈顾江陆秦白慕韩唐宁洛云柳夏温许谢方周'.split('');
const givenChars = '辰逸凡尘羽轩宇墨寒风星河晨曦瑶雪婉清若兮霜月川岚烨承泽安然知微青鸾'.split('');
const places = [
  '青云山',
  '天澜城',
  '落霞镇',
  '东海之滨',
  '北境雪原',
  '长安旧巷',
  '江南水乡',
  '星辰学院',
  '幽冥谷',
  '紫禁城',
  '云梦泽',
  '魔都',
  '临江市',
  '黑风岭',
  '万妖森林',
  '听雨楼',
];
const spots = ['城头', '石阶', '古树下', '窗前', '桥边', '山巅', '酒楼二层', '书院后院', '长街尽头', '湖心亭'];
const scenery = ['晚霞', '群山', '灯火', '云海', '细雨', '落叶', '星光', '月色', '江水', '炊烟'];
const emotions = ['百感交集', '暗暗发誓', '久久不能平静', '生出一丝暖意', '涌起一股豪情', '隐隐不安', '豁然开朗', '五味杂陈'];
const objects = ['玉佩', '古剑', '旧信', '铜镜', '药方', '残卷', '令牌', '琴谱', '罗盘', '香囊'];
const actions = ['缓缓拔出', '小心收起', '仔细端详', '轻轻放下', '紧紧握住', '反复摩挲'];

const sentenceTemplates = [
  '{hero}站在{place}的{spot}，望着远处的{scenery}，心中{emotion}。',
  '“你终于来了。”{friend}转过身，目光落在{hero}手中的{object}上。',
  '{hero}{action}那枚{object}，想起了多年前在{place}发生的事。',
  '夜色渐深，{scenery}映在{hero}的脸上，他没有说话。',
  '{friend}低声说道：“{place}的局势已经变了，我们必须尽快动身。”',
  '这一刻，{hero}终于明白，所谓命运，从来都握在自己手里。',
  '街上人声鼎沸，叫卖声此起彼伏，{hero}却只觉得格外安静。',
  '{rival}冷笑一声：“就凭你，也想在{place}立足？”',
  '风从{spot}吹过，带来一阵淡淡的花香。',
  '{hero}深吸一口气，迈步向前，脚下的路似乎从未如此清晰。',
  '众人面面相觑，谁也没想到{hero}竟会做出这样的选择。',
  '“{object}的秘密，只有你我知道。”{friend}的声音几乎听不见。',
  '{rival}的身影消失在{scenery}之中，只留下一句意味深长的话。',
  '那一年，{hero}十七岁，第一次离开{place}。',
  '天边的{scenery}一点点暗了下去，新的一天即将到来。',
  '{friend}笑着摇了摇头，把一杯热茶推到{hero}面前。',
  '没有人知道，这场变故才刚刚开始。',
  '{hero}握紧拳头，在心里默默记下了这笔账。',
];

const chapterPhrases = [
  '初入江湖',
  '风起云涌',
  '意外重逢',
  '暗流涌动',
  '一诺千金',
  '夜访故人',
  '真相浮现',
  '破局',
  '山雨欲来',
  '不速之客',
  '转机',
  '旧梦',
  '锋芒初露',
  '生死一线',
  '归途',
  '新的开始',
  '迷雾重重',
  '约定',
  '逆风而行',
  '尘埃落定',
];
const titleHeads = [
  '万古',
  '九天',
  '长夜',
  '星河',
  '逆天',
  '重生之',
  '我在',
  '盛世',
  '倾城',
  '大唐',
  '末世',
  '凡人',
  '极道',
  '青云',
  '锦绣',
  '山海',
  '归来',
  '一念',
];
const titleTails = [
  '神帝',
  '剑尊',
  '医妃',
  '风华',
  '归途',
  '纪元',
  '天下',
  '长歌',
  '传说',
  '狂潮',
  '之巅',
  '诀',
  '录',
  '无双',
  '有信',
  '旧梦',
  '问道',
  '浮生',
];
const penAdjectives = ['墨染', '夜雨', '南山', '北城', '青灯', '半夏', '孤舟', '听风', '一叶', '江南', '烟雨', '长街'];
const penNouns = ['青衣', '听风', '有竹', '旧事', '客', '书生', '知秋', '如故', '未眠', '拾光', '渡', '行者'];
const editors = ['周编辑', '李编辑', '王编辑', '陈编辑', '赵编辑', '孙编辑'];

function personName(rng: Rng): string {
  return rng.pick(surnames) + rng.pick(givenChars) + (rng.chance(0.5) ? rng.pick(givenChars) : '');
}

export const zh: LanguagePack = {
  languageType: 1,
  dir: 'ltr',
  personName,
  penName: (rng) => rng.pick(penAdjectives) + rng.pick(penNouns),
  editor: (rng) => rng.pick(editors),
  copyrightHolder: () => '书声文学',
  title: (rng) => rng.pick(titleHeads) + rng.pick(titleTails),
  summary(rng, cast) {
    const place = rng.pick(places);
    return [
      `${cast.hero}出身${place}，本是寻常之人，却因一枚${rng.pick(objects)}卷入一场惊天变局。`,
      `${cast.rival}步步紧逼，${cast.friend}生死未卜，${cast.hero}只能孤身前行。`,
      `${rng.pick(['一段热血与成长的传奇', '一个关于守护与选择的故事', '一场跨越山海的爱恨纠葛'])}，就此展开。`,
    ].join('');
  },
  chapterTitle: (rng, n) => `第${n}章 ${rng.pick(chapterPhrases)}`,
  paragraph(rng, cast) {
    const count = rng.int(1, 3);
    const parts: string[] = [];
    for (let i = 0; i < count; i++) {
      parts.push(
        fill(rng.pick(sentenceTemplates), {
          hero: cast.hero,
          friend: cast.friend,
          rival: cast.rival,
          place: rng.pick(places),
          spot: rng.pick(spots),
          scenery: rng.pick(scenery),
          emotion: rng.pick(emotions),
          object: rng.pick(objects),
          action: rng.pick(actions),
        }),
      );
    }
    return parts.join('');
  },
  countWords: (text) => text.replace(/\s/g, '').length,
};
