import { loggable } from './navigation-effects';

describe('page-view paths', () => {
  it('hide one-time bridge codes and leave other paths alone', () => {
    expect(loggable('/m/guide?url=%2Fbridge%3Ftoken%3Dsecret')).toBe('/m/guide?url=-');
    expect(loggable('/bridge?token=secret&return=%2Fm')).toBe('/bridge?token=-&return=%2Fm');
    expect(loggable('/m/read/21?nid=1')).toBe('/m/read/21?nid=1');
    expect(loggable('/m')).toBe('/m');
  });
});
