import 'server-only';
import { fill, type Rng } from './random';
import type { LanguagePack } from './language-pack';

const names = ['བཀྲ་ཤིས་', 'སྒྲོལ་མ་', 'ཚེ་རིང་', 'པདྨ་', 'ནོར་བུ་', 'ལྷ་མོ་', 'བསོད་ནམས་', 'དབྱངས་ཅན་', 'རྡོ་རྗེ་', 'ཆོས་སྒྲོན་'];
const sentences = [
  '{hero}ས་རི་བོ་ལ་བལྟས་ནས་སེམས་ལ་དགའ་བ་སྐྱེས། ',
  'ཉི་མ་ཤར་བའི་དུས་སུ་{hero}ལམ་དུ་ཞུགས། ',
  'མཚོ་སྔོན་པོའི་འགྲམ་དུ་ཁྱིམ་ཚང་ཞིག་ཡོད། ',
  'དགུན་ཁའི་ཁ་བ་མང་པོ་བབས་སོང་། ',
  '{hero}ས་{friend}ལ་གཏམ་རྒྱུད་ཅིག་བཤད། ',
  'སྐར་མ་རྣམས་ནམ་མཁའ་ལ་འཚེར་བཞིན་འདུག ',
  'ཕ་མ་གཉིས་ཀྱིས་བུ་ཕྲུག་ལ་བརྩེ་བ་ཆེན་པོ་བྱེད། ',
  '{rival}ཡིས་ལམ་བཀག་ནས་ཁོང་ཚོར་ཉེན་བརྡ་བཏང་། ',
  'འབྲོག་པ་རྣམས་ཀྱིས་ཕྱུགས་ཟོག་རི་ལ་ཁྲིད། ',
  '{friend}ན་རེ། ང་ཚོས་རེ་བ་མི་བློས་གཏོང་། ',
];
const titles = [
  'ཁ་བའི་རི་བོ།',
  'མཚོ་སྔོན་པོའི་གཏམ་རྒྱུད།',
  'ཟླ་བའི་འོད།',
  'རྨི་ལམ་གྱི་ལམ།',
  'བདེ་སྐྱིད་ཀྱི་ཡུལ།',
  'དཔའ་བོའི་གླུ།',
  'རྒྱལ་པོའི་བུ་མོ།',
  'སྐར་མའི་མཚན་མོ།',
  'ལྷ་སའི་ལམ།',
];

export const bo: LanguagePack = {
  languageType: 2,
  dir: 'ltr',
  personName: (rng) => rng.pick(names),
  penName: (rng) => `${rng.pick(names)}${rng.pick(['རྒྱལ་མཚན།', 'དོན་གྲུབ།', 'ཕུན་ཚོགས།'])}`,
  editor: (rng) => rng.pick(['ཚེ་དབང་', 'སྐལ་བཟང་']),
  copyrightHolder: () => 'ཤུའུ་ཧྲེང་རྩོམ་རིག',
  title: (rng) => rng.pick(titles),
  summary: (rng: Rng, cast) =>
    `${cast.hero}ནི་གྲོང་གསེབ་ཀྱི་བུ་ཞིག་ཡིན། ${cast.rival}འབྱོར་རྗེས་ཁོང་གི་འཚོ་བ་ཡོངས་སུ་འགྱུར། འདི་ནི་སྙིང་སྟོབས་དང་བརྩེ་དུང་གི་གཏམ་རྒྱུད་ཅིག་རེད།`,
  chapterTitle: (_rng, n) => `ལེའུ་ ${n}`,
  paragraph(rng, cast) {
    const count = rng.int(1, 3);
    return Array.from({ length: count }, () => fill(rng.pick(sentences), { hero: cast.hero, friend: cast.friend, rival: cast.rival }))
      .join('')
      .trim();
  },
  // Tibetan words are counted by syllable (tsheg-separated).
  countWords: (text) => text.split(/[་།\s]+/).filter(Boolean).length,
};
