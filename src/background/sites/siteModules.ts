/** What `background-sites.js` carries (sitesChunk.ts): the Public Suffix List, through tldts. */
export { getDomain } from 'tldts';
