/**
 * wallet_watchAsset for ERC-721 and ERC-1155 (MetaMask's `{ type, options: { address, tokenId } }`) and the popup's
 * Collectibles, against the devnet's TCOL (ids 1 and 2 are account #0's, 3 is #1's) and its ERC-1155 (5 of id 1).
 */
import { Contract, toQuantity } from 'ethers';
import { chain } from '../fixtures/chain';
import { expect, ONE_BROWSER, test } from '../fixtures/test';
import { ApprovalWindow } from '../pages/approval';
import { connect } from '../pages/flows';

const REJECTED = { error: { code: 4001, message: 'User rejected the request' } };
const nft = (type: 'ERC721' | 'ERC1155', address: string, tokenId: string) => ({ type, options: { address, tokenId } });

test('an owned ERC-721: the approval shows the collection, "Add collectible" answers true, Collectibles lists it; its data: metadata opens without a fetch', async ({ wallet, dapp, session, devnet }) => {
  const [account] = await connect(dapp, session);
  const tcol = devnet.addresses.testCollectible;
  const watching = dapp.request('wallet_watchAsset', nft('ERC721', tcol, '1'));
  const approval = await ApprovalWindow.next(session);
  await approval.screen.waitForText('Collection name', 'Test Collectible');
  await approval.screen.waitForText('Collection symbol', 'TCOL');
  await approval.screen.waitForText('Token ID', '1');
  await approval.screen.waitForText('Token standard', 'ERC-721');
  await approval.screen.waitForText('Collection contract', tcol);
  await approval.screen.waitForText('Site', dapp.origin);
  await approval.addCollectible();
  expect(await watching).toEqual({ result: true });

  await wallet.waitForCollectible('Test Collectible #1', 'Held');
  // Already on the list: true at once, in the array form and with the address in lowercase, and no window opens.
  expect(await dapp.request('wallet_watchAsset', [nft('ERC721', tcol.toLowerCase(), '1')])).toEqual({ result: true });
  expect(await session.countExtensionPages('approval.html')).toBe(0);

  // ERC-7811: one erc721 asset per collection, the account's balance of it (ids 1 and 2, and any an earlier spec minted
  // it) and the watched ids it holds.
  const held = toQuantity(await new Contract(tcol, ['function balanceOf(address) view returns (uint256)'], chain()).getFunction('balanceOf')(account));
  expect(BigInt(held)).toBeGreaterThanOrEqual(2n);
  expect(await dapp.result('wallet_getAssets', [{ account, assetTypeFilter: ['erc721'] }])).toEqual({
    '0x7a69': [{ type: 'erc721', address: tcol.toLowerCase(), balance: held, metadata: { name: 'Test Collectible', symbol: 'TCOL', tokenIds: ['1'] } }],
  });

  await wallet.openCollectible('Test Collectible #1');
  await wallet.screen.waitForText('Metadata name', 'Test Collectible #1');
  await wallet.screen.waitForText('Description', 'A devnet collectible.');
  await wallet.screen.waitFor({ role: 'img', name: 'Image of Test Collectible #1' });
  await wallet.screen.waitForText('Metadata URI', /^data:application\/json;base64,/);
  await wallet.removeCollectible('Test Collectible #1');
  await wallet.waitForNoCollectibles();
});

test('a remote metadata URI is shown as text and not loaded', ONE_BROWSER, async ({ wallet, dapp, session, devnet }) => {
  await connect(dapp, session);
  const watching = dapp.request('wallet_watchAsset', nft('ERC721', devnet.addresses.testCollectible, '2'));
  await (await ApprovalWindow.next(session)).addCollectible();
  expect(await watching).toEqual({ result: true });
  await wallet.openCollectible('Test Collectible #2');
  await wallet.screen.waitForText('Metadata URI', 'https://collectibles.example/tcol/2.json');
  await wallet.screen.waitForText({ role: 'region', name: 'Collectible' }, /Remote metadata is not loaded: fetching it would tell its host your IP address\./);
  expect(await wallet.screen.count({ role: 'img', name: /^Image of/ })).toBe(0);
});

test('a token the account does not hold answers -32602 before any window, as a wrong contract or type does', ONE_BROWSER, async ({ wallet, dapp, session, devnet }) => {
  void wallet;
  const { testCollectible: tcol, testMultiToken: multi, testToken: tst } = devnet.addresses;
  expect(await dapp.request('wallet_watchAsset', nft('ERC721', tcol, '1'))).toEqual({ error: { code: 4100, message: `${dapp.origin} is not connected: call eth_requestAccounts first` } });
  await connect(dapp, session);
  const where = 'Local devnet (0x7a69)';
  const notOwned = (why: string) => ({ error: { code: -32602, message: `Suggested NFT is not owned by the selected account: ${why}` } });
  const invalid = (what: string) => ({ error: { code: -32602, message: `Invalid params: ${what}` } });
  const eoa = devnet.accounts[8].address;
  const cases: [unknown, unknown][] = [
    [nft('ERC721', tcol, '3'), notOwned(`token 3 of ${tcol} belongs to another address or does not exist on ${where}`)],
    [nft('ERC721', tcol, '999999'), notOwned(`token 999999 of ${tcol} belongs to another address or does not exist on ${where}`)],
    [nft('ERC1155', multi, '2'), notOwned(`its balance of token 2 of ${multi} is 0 on ${where}`)],
    [nft('ERC1155', tcol, '1'), invalid(`options.address ${tcol} on ${where} is not an ERC-1155 contract: it is an ERC-721 contract: use type "ERC721"`)],
    [nft('ERC721', tst, '1'), invalid(`options.address ${tst} on ${where} is not an ERC-721 contract: supportsInterface(0x80ac58cd) did not return true`)],
    [nft('ERC721', eoa, '1'), invalid(`options.address ${eoa} is not a contract on ${where}: it has no code`)],
    [{ type: 'ERC721', options: { address: tcol, tokenId: 1 } }, invalid('options.tokenId must be a string of decimal digits (a uint256, e.g. "1"), got 1')],
  ];
  for (const [params, answer] of cases) expect(await dapp.request('wallet_watchAsset', params)).toEqual(answer);
  expect(await session.countExtensionPages('approval.html')).toBe(0);
});

test('an ERC-1155 with a balance: the approval shows it, Collectibles lists "5 held" and its {id} URI', ONE_BROWSER, async ({ wallet, dapp, session, devnet }) => {
  await connect(dapp, session);
  const watching = dapp.request('wallet_watchAsset', nft('ERC1155', devnet.addresses.testMultiToken, '1'));
  const approval = await ApprovalWindow.next(session);
  await approval.screen.waitForText('Token standard', 'ERC-1155');
  await approval.screen.waitForText('Collectible balance', '5');
  await approval.addCollectible();
  expect(await watching).toEqual({ result: true });
  const short = `${devnet.addresses.testMultiToken.slice(0, 6)}…${devnet.addresses.testMultiToken.slice(-4)}`;
  await wallet.waitForCollectible(`${short} #1`, '5 held');
  await wallet.openCollectible(`${short} #1`);
  await wallet.screen.waitForText('Metadata URI', `https://collectibles.example/tmt/${'0'.repeat(63)}1.json`);
});

test('Cancel and closing the window answer 4001, and nothing is listed', ONE_BROWSER, async ({ wallet, dapp, session, devnet }) => {
  await connect(dapp, session);
  let watching = dapp.request('wallet_watchAsset', nft('ERC721', devnet.addresses.testCollectible, '1'));
  await (await ApprovalWindow.next(session)).cancel();
  expect(await watching).toEqual(REJECTED);

  watching = dapp.request('wallet_watchAsset', nft('ERC1155', devnet.addresses.testMultiToken, '1'));
  const approval = await ApprovalWindow.next(session);
  await approval.screen.waitFor({ role: 'button', name: 'Add collectible' });
  await approval.close();
  expect(await watching).toEqual(REJECTED);
  await wallet.waitForNoCollectibles();
});
