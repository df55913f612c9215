/**
 * Puppeteer selectors by what the user reads, like Playwright's getByRole and getByLabel. Fields
 * go by their label's text through XPath: Firefox's accessibility tree names the <label> as well as
 * its control, and gives password inputs no role puppeteer's aria selector can ask for.
 */

export const button = (name: string): string => `::-p-aria([name="${name}"][role="button"])`;

/** The input or textarea inside <label>{text}<input/></label>. */
export const field = (label: string): string =>
  `::-p-xpath(//label[normalize-space(text()[1])="${label}"]/*[self::input or self::textarea])`;

/** The element an aria-label names, as the screens label the values they show ("Token balance", "Batch 0x…"). */
export const labelled = (name: string): string => `[aria-label="${name}"]`;
