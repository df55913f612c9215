/**
 * The descriptors shipped in public/erc7730/, read as extension files (not bundled into the worker) on the first
 * signature request, then kept in memory. A file that does not parse is left out and named on the console.
 */
import type { parseDescriptor } from '../../shared/erc7730/parse';
import type { Descriptor } from '../../shared/erc7730/types';
import { missingDeployments } from '../../shared/erc7730/userFile';
import { lazyAsync } from '../../shared/lazy';
import { withDevnetDeployments } from './devnetDeployments';

export type ParseDescriptor = typeof parseDescriptor;
/** The parser, from the worker's later script: it reads a format's key with ethers' fragment parser, which the first script leaves out. */
export type LoadParser = () => Promise<ParseDescriptor>;

/** Reads a JSON file of the extension (fetch of runtime.getURL in the worker). */
export type ReadExtensionFile = (path: string) => Promise<unknown>;

const DIR = 'erc7730';

/**
 * The user's files as descriptors, named as theirs on the screen. One stored before a parser change and no longer
 * valid is left out, and so is one that names no deployments (it would bind every contract on every chain).
 */
export function userDescriptors(files: { name: string; json: unknown }[], parseDescriptor: ParseDescriptor): Descriptor[] {
  return files.flatMap(({ name, json }) => {
    if (missingDeployments(json) !== undefined) return [];
    try {
      return [{ ...parseDescriptor(json, `your file ${name}`), userFile: true as const }];
    } catch {
      return [];
    }
  });
}

export function bundledDescriptors(read: ReadExtensionFile, parser: LoadParser): () => Promise<Descriptor[]> {
  const load = async (): Promise<Descriptor[]> => {
    const [files, parseDescriptor] = await Promise.all([read(`${DIR}/index.json`), parser()]);
    const parsed = await Promise.all((Array.isArray(files) ? files : []).map(async (file: unknown) => {
      try {
        return withDevnetDeployments(parseDescriptor(await read(`${DIR}/${String(file)}`), String(file)));
      } catch (error) {
        console.error('ERC-7730 descriptor left out:', error);
        return undefined;
      }
    }));
    return parsed.filter((d): d is Descriptor => d !== undefined);
  };
  // A failed read or load (the worker stopping mid-way) is tried again on the next request.
  return lazyAsync(load);
}
