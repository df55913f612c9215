/** Typed calls from the wallet's pages to the background. */
import browser from 'webextension-polyfill';
import type { UiMessage, UiRequest, UiResponse } from '../../shared/ui';

export async function call<T = unknown>(request: UiRequest): Promise<T> {
  const message: UiMessage = { type: 'ui', request };
  const response = (await browser.runtime.sendMessage(message)) as UiResponse;
  if (!response.ok) throw new Error(response.error);
  return response.value as T;
}
