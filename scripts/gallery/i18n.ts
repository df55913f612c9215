/** The browser's i18n as the gallery's page has none: English, from the messages the spec hands the page before it loads. */
import { renderMessage, type BrowserMessage } from '../../src/ui/i18n/messages';

const messages = (globalThis as { galleryMessages?: Record<string, BrowserMessage> }).galleryMessages ?? {};
const i18n = {
  getMessage: (key: string, substitutions?: string[]) => (messages[key] ? renderMessage(messages[key], substitutions) : ''),
  getUILanguage: () => 'en-US',
};
(globalThis as { chrome?: { i18n?: typeof i18n } }).chrome = { i18n };
