import { numberFormat } from './numbers';

/** US cents as the browser's language writes dollars ("$1,234.56", "1234,56 US$"). */
export const usdText = (cents: number): string => numberFormat({ style: 'currency', currency: 'USD' }).format(cents / 100);
