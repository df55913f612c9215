import { uiLocale } from '../i18n/t';

/** US cents as the browser's language writes dollars ("$1,234.56", "1234,56 US$"). */
const DOLLARS = new Intl.NumberFormat(uiLocale(), { style: 'currency', currency: 'USD' });

export const usdText = (cents: number): string => DOLLARS.format(cents / 100);
