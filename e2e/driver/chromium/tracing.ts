/** Chrome's own trace, every process, through CDP (Chromium only): the bench reads the worker's start from it. */
import type { BrowserContext, Page } from '@playwright/test';

/** One event of Chrome's trace format: complete ('X', with `dur`), instant ('I') or async ('s', 'f'); times in µs. */
export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  args?: { data?: { url?: string; message?: string }; script_url?: { url?: string } };
}

/** The events of `categories` recorded while `action` ran; `page` is any page of the browser (tracing covers them all). */
export async function traceDuring(context: BrowserContext, page: Page, categories: string[], action: () => Promise<void>): Promise<TraceEvent[]> {
  const cdp = await context.newCDPSession(page);
  const events: TraceEvent[] = [];
  // CDP types each event as a map of strings; Chrome's trace format is what it sends.
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  try {
    await cdp.send('Tracing.start', { traceConfig: { includedCategories: categories }, transferMode: 'ReportEvents' });
    await action();
    await cdp.send('Tracing.end');
    await complete;
    return events;
  } finally {
    await cdp.detach();
  }
}
