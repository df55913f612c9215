/**
 * The design system's page (docs/design-system.md): the gallery of every scale and shared component (scripts/gallery/),
 * pictured in light and dark (`npm run screens` writes docs/screens/design-system.png and its dark twin) and checked
 * with axe in both themes: the components' contrast, on the wallet's own stylesheet.
 */
import { launchWithoutExtension } from '../driver/chromium/launch';
import { pictureInBothThemes } from '../fixtures/axe';
import { serveGallery } from '../fixtures/gallery';
import { expect, test } from '../fixtures/test';
import { messagesOf } from '../../scripts/locales';

test('the design system: every component in light and dark, axe clean in both', async () => {
  const gallery = await serveGallery();
  const browser = await launchWithoutExtension();
  try {
    // A context of its own: axe needs one.
    const page = await (await browser.newContext({ viewport: { width: 760, height: 600 } })).newPage();
    await page.addInitScript((messages) => { (globalThis as { galleryMessages?: unknown }).galleryMessages = messages; }, messagesOf('en'));
    await page.goto(gallery.url);
    await expect(page.getByRole('heading', { name: 'Accounts and tokens' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'USDC logo' })).toBeVisible();
    // The whole gallery in one picture: the window as tall as the page.
    await page.setViewportSize({ width: 760, height: await page.evaluate(() => document.documentElement.scrollHeight) });
    await pictureInBothThemes(page, 'design-system');
  } finally {
    await browser.close();
    await gallery.close();
  }
});
