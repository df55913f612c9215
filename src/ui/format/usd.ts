/** US cents as the browser's locale writes dollars ("$1,234.56", "1.234,56 US$"). */
const DOLLARS = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD' });

export const usdText = (cents: number): string => DOLLARS.format(cents / 100);
