/**
 * The catalogues' format and the browser's. A catalogue (src/ui/i18n/<locale>/<area>.json) maps a key to its text with
 * named placeholders, "Sent {amount} to {to}". The build writes each locale's _locales/<locale>/messages.json, where the
 * browser's own i18n (`chrome.i18n.getMessage`) numbers substitutions: each name becomes `$name$` whose content is `$n`,
 * n its place among the names sorted, so each language orders them as it needs. A literal "$" is "$$" there.
 */
export type Catalogue = Record<string, string>;

export interface BrowserMessage {
  message: string;
  placeholders?: Record<string, { content: string }>;
}

export const LOCALES = ['en', 'es', 'pt_BR', 'zh_CN', 'ja', 'ko'] as const;
export type Locale = (typeof LOCALES)[number];

/** The names a text's placeholders use, sorted: the order `t` passes their values in. */
export const placeholderNames = (text: string): string[] => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]))].sort();

export function browserMessage(text: string): BrowserMessage {
  const names = placeholderNames(text);
  const message = text.replaceAll('$', '$$$$').replace(/\{(\w+)\}/g, (_, name: string) => `$${name}$`);
  if (names.length === 0) return { message };
  return { message, placeholders: Object.fromEntries(names.map((name, index) => [name, { content: `$${index + 1}` }])) };
}

/** What `getMessage` answers for a message and its substitutions (the unit tests' stand-in for the browser's). */
export function renderMessage({ message, placeholders = {} }: BrowserMessage, substitutions: string[] = []): string {
  // Both browsers read placeholder names case-insensitively ({backWith} is $backwith$ to them).
  const named = new Map(Object.entries(placeholders).map(([name, { content }]) => [name.toLowerCase(), content]));
  return message.replace(/\$(\w+)\$|\$(\d)|\$\$/g, (whole, name?: string, index?: string) => {
    if (name !== undefined) return (named.get(name.toLowerCase()) ?? '').replace(/\$(\d)/, (_, n: string) => substitutions[Number(n) - 1] ?? '');
    if (index !== undefined) return substitutions[Number(index) - 1] ?? '';
    return whole === '$$' ? '$' : whole;
  });
}
