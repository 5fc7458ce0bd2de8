import { hasMalformedEscape } from './malformed-path';

describe('hasMalformedEscape', () => {
  it.each(['/covers/%FF.svg', '/m/read/%E0%A4%A', '/v1/health%FF', '/audio/%FF/index.m3u8', '/m/authors/%C0%AF', '/m/%'])(
    'flags %s',
    (path) => {
      expect(hasMalformedEscape(path)).toBe(true);
    },
  );

  it.each(['/m', '/m/search', '/m/novels/1', '/v1/lists/rich/%E6%96%B0%E4%B9%A6.1', '/covers/1.svg', '/m/%20x'])(
    'lets %s through',
    (path) => {
      expect(hasMalformedEscape(path)).toBe(false);
    },
  );
});
