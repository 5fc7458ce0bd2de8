import { safeReturn } from './accounts';

describe('safeReturn (return and cancel of an order)', () => {
  const ours = ['pay.shusheng.example', 'read.shusheng.example'];
  it('keeps our own paths and absolute addresses on our hosts', () => {
    expect(safeReturn('/m/read/21?nid=1', ours)).toBe('/m/read/21?nid=1');
    expect(safeReturn('https://read.shusheng.example/m/read/21?nid=1', ours)).toBe('https://read.shusheng.example/m/read/21?nid=1');
  });
  it('sends anything else to /m', () => {
    for (const bad of ['https://evil.example/x', '//evil.example', 'https://user:pw@read.shusheng.example/', 'javascript:alert(1)', 'https://read.shusheng.example.evil.example/', '', null, undefined]) {
      expect(safeReturn(bad, ours)).toBe('/m');
    }
  });
});
