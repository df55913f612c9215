/**
 * The popup in the browser's language: a Spanish browser's first run, from the welcome to Home, reads Spanish
 * (the catalogues in src/ui/i18n, which the build writes into _locales). Chromium only: Firefox ESR here has only en-US.
 */
import type { ChromiumScreen } from '../driver/chromium/screen';
import { pictureInBothThemes } from '../fixtures/axe';
import { expectNoOverflow } from '../fixtures/overflow';
import { DEVNET_MNEMONIC, expect, test } from '../fixtures/test';
import { PASSWORD } from '../pages/wallet';

test.use({ language: 'es' });

test('a Spanish browser gets the welcome, the import and Home in Spanish', async ({ chromium }) => {
  const popup = await chromium.openExtensionPage('popup.html');
  await popup.waitFor({ role: 'heading', name: 'Te damos la bienvenida a Batch Wallet' });
  expect(await popup.count({ role: 'button', name: 'Crear una billetera nueva' })).toBe(1);

  await popup.click('Importar una billetera existente');
  await popup.fill('Frase secreta de recuperación', DEVNET_MNEMONIC);
  await popup.fill('Contraseña', PASSWORD);
  await popup.fill('Confirmar contraseña', PASSWORD);
  await popup.click('Importar billetera');

  await popup.waitFor({ role: 'button', name: 'Bloquear' });
  const sections = await popup.texts({ role: 'button', in: 'Secciones' });
  expect(sections.slice(0, 3)).toEqual(['Tokens', 'Coleccionables', 'Actividad']);
  // The shared components too: the account chip and the sections' More menu.
  expect([await popup.count({ role: 'button', name: 'Cambiar de cuenta' }), await popup.count({ role: 'button', name: 'Más secciones' })]).toEqual([1, 1]);
  // Spanish runs longer than English: Home still fits, and is pictured for the README.
  await popup.waitForText('Saldo', /ETH$/);
  await expectNoOverflow(popup, 'home in Spanish');
  await pictureInBothThemes((popup as ChromiumScreen).page, 'home-es');
});
