import { csvCell, toCsv } from './csv';
import { formatYuan } from './money';

// The money report's CSV (docs/console.md "Money report"): Excel opens it as UTF-8, quotes survive, and no cell can
// run as a formula.
describe('csv', () => {
  it('starts with a BOM and ends every line with CRLF', () => {
    expect(toCsv(['期间', '金额（元）'], [['2025-06', '12.30']])).toBe('\uFEFF期间,金额（元）\r\n2025-06,12.30\r\n');
  });

  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('说"明"')).toBe('"说""明"""');
    expect(csvCell('第一行\n第二行')).toBe('"第一行\n第二行"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(0)).toBe('0');
  });

  it('puts an apostrophe before text a spreadsheet would run as a formula, quoting it when needed', () => {
    expect(csvCell('=SUM(A1:A9)')).toBe("'=SUM(A1:A9)");
    expect(csvCell('+86 138')).toBe("'+86 138");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('=HYPERLINK("http://x","点我")')).toBe('"\'=HYPERLINK(""http://x"",""点我"")"');
    expect(csvCell('=1,2')).toBe('"\'=1,2"');
  });

  it('leaves plain numbers alone, negative ones included', () => {
    expect(csvCell('-12.30')).toBe('-12.30');
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell('12')).toBe('12');
  });
});

describe('formatYuan', () => {
  it('writes cents as yuan with two decimals, exactly', () => {
    expect(formatYuan(0)).toBe('0.00');
    expect(formatYuan(5)).toBe('0.05');
    expect(formatYuan(1005)).toBe('10.05');
    expect(formatYuan(-250)).toBe('-2.50');
    expect(formatYuan(123_456_789_01)).toBe('123456789.01');
  });
});
