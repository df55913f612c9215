/** The unit tests' browser i18n: English, answered from the same messages.json the build writes. */
import { renderMessage } from '../src/ui/i18n/messages';
import { messagesOf } from './locales';

const english = messagesOf('en');
const i18n = {
  getMessage: (key: string, substitutions?: string[]) => (english[key] ? renderMessage(english[key], substitutions) : ''),
  getUILanguage: () => 'en-US',
};
const global = globalThis as { chrome?: { i18n?: typeof i18n } };
global.chrome = { ...global.chrome, i18n };
