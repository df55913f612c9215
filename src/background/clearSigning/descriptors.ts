/**
 * The descriptors shipped in public/erc7730/, read as extension files (not bundled into the worker) on the first
 * signature request, then kept in memory. A file that does not parse is left out and named on the console.
 */
import type { parseDescriptor } from '../../shared/erc7730/parse';
import type { Descriptor } from '../../shared/erc7730/types';
import type { UnusedDescriptor } from '../../shared/unusedDescriptors';
import { missingDeployments } from '../../shared/erc7730/userFile';
import { lazyAsync } from '../../shared/lazy';
import { withDevnetDeployments } from './devnetDeployments';

export type ParseDescriptor = typeof parseDescriptor;
/** The parser, from the worker's later script: it reads a format's key with ethers' fragment parser, which the first script leaves out. */
export type LoadParser = () => Promise<ParseDescriptor>;

/** Reads a JSON file of the extension (fetch of runtime.getURL in the worker). */
export type ReadExtensionFile = (path: string) => Promise<unknown>;

const DIR = 'erc7730';

interface UserFile {
  name: string;
  json: unknown;
}

/** A file of the user's as clear signing reads it: its descriptor, or why the wallet does not use it. */
export type UserFileRead = { descriptor: Descriptor } | { refusal: string };

/**
 * One stored before a parser change and no longer valid is left out, and so is one that names no deployments (it
 * would bind every contract on every chain): the refusal says why, without the file's name, which Settings shows beside.
 */
export function readUserFile({ name, json }: UserFile, parseDescriptor: ParseDescriptor): UserFileRead {
  const unbound = missingDeployments(json);
  if (unbound !== undefined) return { refusal: unbound };
  const source = `your file ${name}`;
  try {
    return { descriptor: { ...parseDescriptor(json, source), userFile: true as const } };
  } catch (error) {
    const message = (error as Error).message;
    return { refusal: message.startsWith(`${source}: `) ? message.slice(source.length + 2) : message };
  }
}

/** The user's files as descriptors, named as theirs on the screen: the ones the wallet uses. */
export const userDescriptors = (files: UserFile[], parseDescriptor: ParseDescriptor): Descriptor[] =>
  files.flatMap((file) => {
    const read = readUserFile(file, parseDescriptor);
    return 'descriptor' in read ? [read.descriptor] : [];
  });

/**
 * The user's files as the worker's later script reads them (it parses them anyway, laterModules.ts): the parser, and the
 * files not used with why (pages/unusedDescriptors.ts). The first script holds none of their code.
 */
export interface DescriptorCode {
  parseDescriptor: ParseDescriptor;
  unusedDescriptors(files: UserFile[]): UnusedDescriptor[];
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
