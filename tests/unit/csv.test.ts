// The donors CSV's cells: RFC 4180 quoting, and formula injection defused (OWASP's list of first characters).
import { csvCell, toCsv } from '@/lib/content/csv';

describe('csvCell', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+91 98765 43210', "'+91 98765 43210"],
    ['-5', "'-5"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\r=1', `"'\r=1"`],
  ])('defuses a cell a spreadsheet would run: %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('quotes commas, quotes and line breaks, and leaves plain text alone', () => {
    expect(csvCell('Rao, Asha')).toBe('"Rao, Asha"');
    expect(csvCell('say "thanks"')).toBe('"say ""thanks"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`);
    expect(csvCell('मीरा अय्यर')).toBe('मीरा अय्यर');
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell(null)).toBe('');
  });

  it('joins rows with CRLF after a byte-order mark', () => {
    expect(toCsv([['a', 'b'], ['1', '2']])).toBe('\uFEFFa,b\r\n1,2\r\n');
  });
});
