// 80G receipts print the amount in words, counted in lakhs and crores.
import { indianNumberWords, rupeesInWords } from '@/lib/tax/amount-words';

describe('an amount in Indian words', () => {
  it.each([
    [0, 'Zero'],
    [7, 'Seven'],
    [15, 'Fifteen'],
    [40, 'Forty'],
    [99, 'Ninety-Nine'],
    [100, 'One Hundred'],
    [101, 'One Hundred One'],
    [999, 'Nine Hundred Ninety-Nine'],
    [1000, 'One Thousand'],
    [2500, 'Two Thousand Five Hundred'],
    [99_999, 'Ninety-Nine Thousand Nine Hundred Ninety-Nine'],
    [1_00_000, 'One Lakh'],
    [1_25_000, 'One Lakh Twenty-Five Thousand'],
    [10_00_000, 'Ten Lakh'],
    [99_99_999, 'Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine'],
    [1_00_00_000, 'One Crore'],
    [12_34_56_789, 'Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine'],
    [1_00_00_00_000, 'One Hundred Crore'],
    [12_34_00_00_005, 'One Thousand Two Hundred Thirty-Four Crore Five'],
  ])('%d is %s', (n, words) => {
    expect(indianNumberWords(n)).toBe(words);
  });

  it('words rupees and paise as a receipt prints them', () => {
    expect(rupeesInWords(1_25_000_00)).toBe('Rupees One Lakh Twenty-Five Thousand Only');
    expect(rupeesInWords(500_50)).toBe('Rupees Five Hundred and Fifty Paise Only');
    expect(rupeesInWords(1_01)).toBe('Rupees One and One Paise Only');
    expect(rupeesInWords(75)).toBe('Seventy-Five Paise Only');
    expect(rupeesInWords(0)).toBe('Rupees Zero Only');
  });

  it('refuses what is no amount', () => {
    expect(() => rupeesInWords(-1)).toThrow(RangeError);
    expect(() => rupeesInWords(1.5)).toThrow(RangeError);
  });
});
