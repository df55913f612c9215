// @vitest-environment happy-dom
/** The values a review words, said on the screen in the browser's language: numbers and moments as it writes them. */
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bindMessage } from '../../shared/erc7730/bind';
import { parseDescriptor } from '../../shared/erc7730/parse';
import { render } from '../../shared/erc7730/render';
import { USDC, mainnet } from '../../shared/erc7730/samples.fixture';
import type { ClearSigned as ClearSignedView } from '../../shared/erc7730/types';
import { callSummary } from '../popup/activity/summary';
import { speak } from '../testing/speak';
import { mountPoint } from '../testing/mount';
import { ClearSigned } from './ClearSigned';

const STRANGER = '0x1111111111111111111111111111111111111111';
const fields = {
  amount: { label: 'Amount', format: 'tokenAmount', params: { token: USDC } },
  cap: { label: 'Cap', format: 'tokenAmount', params: { token: USDC } },
  units: { label: 'Units', format: 'tokenAmount', params: { token: STRANGER } },
  until: { label: 'Until', format: 'date' },
  period: { label: 'Period', format: 'duration' },
  fee: { label: 'Fee', format: 'unit', params: { base: '%', decimals: 2 } },
};
const schema = Object.keys(fields).map((name) => ({ name, type: 'uint256' }));
const descriptor = parseDescriptor({ context: { eip712: { schemas: [{ primaryType: 'Values', types: { Values: schema } }] } }, display: { formats: { Values: { intent: 'Values', fields } } } }, 'values.json');
const message = {
  types: { EIP712Domain: [{ name: 'chainId', type: 'uint256' }], Values: schema },
  primaryType: 'Values',
  domain: { chainId: 1 },
  message: { amount: '12345500000', cap: (2n ** 256n - 1n).toString(), units: '3000', until: 4102444800, period: 2 * 86_400, fee: 5 },
};
const reviewed = async (): Promise<ClearSignedView> => (await render(bindMessage([descriptor], message)!, mainnet())).clear;

const { container, render: mount } = mountPoint();
const rows = () => Object.fromEntries([...container.querySelectorAll('dd[aria-label]')].map((row) => [row.getAttribute('aria-label'), row.textContent]));

describe('a review\'s values on the screen', () => {
  afterEach(() => vi.restoreAllMocks());

  it('in English, as the worker wrote them, numbers grouped as the rest of the screen groups them', async () => {
    await mount(<ClearSigned clear={await reviewed()} />);
    expect(rows()).toMatchObject({
      Amount: '12,345.5 USDC',
      Cap: 'Unlimited USDC',
      Units: '3,000 units of 0x1111…1111 (unknown token: it did not answer symbol() and decimals(), so the amount is in its smallest unit)',
      Until: '2100-01-01 00:00 UTC',
      Period: '2 days 00:00:00',
      Fee: '0.05%',
    });
  });

  it('in Spanish: the words, numbers and the date as Spanish writes them', async () => {
    const clear = await reviewed();
    speak('es');
    await mount(<ClearSigned clear={clear} />);
    expect(rows()).toMatchObject({
      Amount: '12.345,5 USDC',
      Cap: 'USDC ilimitado',
      Units: '3000 unidades de 0x1111…1111 (token desconocido: no respondió a symbol() ni a decimals(), así que el importe está en su unidad mínima)',
      Until: '1 ene 2100, 00:00 UTC',
      Period: '2 días 00:00:00',
      Fee: '0,05%',
    });
  });

  it('in Brazilian Portuguese, on Activity\'s line too', async () => {
    const clear = await reviewed();
    speak('pt_BR');
    const line = renderToStaticMarkup(<>{callSummary({ to: USDC, value: '0', dataSize: 4, review: { clear: { ...clear, fields: clear.fields.slice(0, 2) }, dangers: [] } }, 'ETH')}</>);
    expect(line).toBe('Values (Amount 12.345,5 USDC, Cap USDC ilimitado)');
  });

  it('an older record, with no words, shows its English as it is', async () => {
    const clear = await reviewed();
    speak('es');
    await mount(<ClearSigned clear={{ ...clear, fields: clear.fields.map(({ textWords: _t, noteWords: _n, ...field }) => field) }} />);
    expect(rows()).toMatchObject({ Amount: '12345.5 USDC', Cap: 'Unlimited USDC' });
  });
});
