import { describe, expect, it } from 'vitest';
import { decodeMetadata, fillId } from './metadata';

const base64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));
const json = (value: unknown) => `data:application/json;base64,${base64(JSON.stringify(value))}`;
const SVG = `data:image/svg+xml;base64,${base64('<svg xmlns="http://www.w3.org/2000/svg"/>')}`;

describe('collectible metadata, without any fetch', () => {
  it('decodes a base64 data: URI of JSON: name, description and a data: image; the URI is shown cut at 300 characters', () => {
    const description = 'A devnet collectible. '.repeat(20).trim();
    const uri = json({ name: 'Test Collectible #1', description, image: SVG });
    expect(decodeMetadata(uri)).toEqual({ uri: `${uri.slice(0, 300)}…`, json: { name: 'Test Collectible #1', description, image: SVG } });
  });

  it('decodes a percent-encoded data: URI, UTF-8 names, and cleans what it shows', () => {
    const uri = `data:application/json;charset=utf-8,${encodeURIComponent(JSON.stringify({ name: 'Ünïcode \u202eevil', description: 'x' }))}`;
    expect(decodeMetadata(uri).json).toEqual({ name: 'Ünïcode evil', description: 'x' });
  });

  it('a remote image is kept as text only, never as something to load', () => {
    expect(decodeMetadata(json({ name: 'A', image: 'https://img.example/1.png' })).json).toEqual({ name: 'A', imageUri: 'https://img.example/1.png' });
    expect(decodeMetadata(json({ image: 'ipfs://Qm/1.png' })).json).toEqual({ imageUri: 'ipfs://Qm/1.png' });
  });

  it('a remote URI is shown as it is, not decoded', () => {
    expect(decodeMetadata('https://collectibles.example/tcol/2.json')).toEqual({ uri: 'https://collectibles.example/tcol/2.json' });
    expect(decodeMetadata('ipfs://QmHash/2')).toEqual({ uri: 'ipfs://QmHash/2' });
  });

  it.each([
    ['not JSON', 'data:text/plain,hello', 'The data: URI does not hold JSON'],
    ['broken JSON', 'data:application/json,{nope', 'The data: URI does not hold valid JSON'],
    ['a JSON array', 'data:application/json,[1]', 'The metadata is not a JSON object'],
    ['bad base64', 'data:application/json;base64,@@@', 'The data: URI does not hold JSON'],
    ['too large', `data:application/json,${' '.repeat(200_001)}`, 'The data: URI is larger than 200 KB; it is not decoded'],
  ])('says why for %s', (_case, uri, problem) => {
    expect(decodeMetadata(uri).problem).toBe(problem);
  });

  it('fills ERC-1155 {id} with 64 lowercase hex digits', () => {
    expect(fillId('https://x.example/{id}.json', '255')).toBe(`https://x.example/${'0'.repeat(62)}ff.json`);
  });
});
