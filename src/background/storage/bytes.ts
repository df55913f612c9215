/** What text takes as stored: its UTF-8 bytes, as Chrome counts its storage quotas (a CJK character is three). */
const encoder = new TextEncoder();

export const utf8Length = (text: string): number => encoder.encode(text).length;
