/** The popup's Networks screen (Settings → Networks), by what it names things. */
import type { Expected, Screen } from '../driver/types';

export interface NetworkFields {
  chainId?: string;
  name?: string;
  /** One URL, or several one a line. */
  rpcUrl?: string;
  explorerUrl?: string;
  bundlerUrl?: string;
}

export class NetworksScreen {
  constructor(readonly screen: Screen) {}

  /** Opens it from Home. */
  static async open(screen: Screen): Promise<NetworksScreen> {
    await screen.click('Settings');
    await screen.click('Networks');
    await screen.waitFor({ role: 'list', name: 'Networks' });
    return new NetworksScreen(screen);
  }

  /** Fills the open form; fields not given stay as they are. */
  async fill(fields: NetworkFields): Promise<void> {
    const labels: [keyof NetworkFields, string][] = [['chainId', 'Chain ID'], ['name', 'Network name'], ['rpcUrl', 'RPC URLs'], ['explorerUrl', 'Explorer URL'], ['bundlerUrl', 'Bundler URL']];
    for (const [key, label] of labels) if (fields[key] !== undefined) await this.screen.fill(label, fields[key]);
  }

  async add(fields: NetworkFields): Promise<void> {
    await this.screen.click('Add network');
    await this.fill(fields);
    await this.screen.click('Save network');
  }

  waitForError(expected: Expected): Promise<void> {
    return this.screen.waitForText({ role: 'alert', in: 'Network form' }, expected);
  }

  /** Waits until the list shows the network `name` (once saved, the form closes). */
  async waitForNetwork(name: string): Promise<void> {
    await this.screen.waitFor({ role: 'listitem', name: `Network ${name}` });
  }

  async edit(name: string, fields: NetworkFields): Promise<void> {
    await this.screen.click(`Edit ${name}`);
    await this.fill(fields);
    await this.screen.click('Save network');
  }

  /** Waits until the network's row reads `expected` under its name ("31337 · built-in, edited · EIP-7702 · bundler"). */
  async waitForDetails(name: string, expected: Expected): Promise<void> {
    await this.screen.waitForText({ name: `${name} details`, in: { role: 'listitem', name: `Network ${name}` } }, expected);
  }

  /** Waits until the network's row reads `expected` for what was detected of its node ("EIP-7702 yes · contracts yes · …"). */
  async waitForDetected(name: string, expected: Expected): Promise<void> {
    await this.screen.waitForText({ name: `${name} detected`, in: { role: 'listitem', name: `Network ${name}` } }, expected);
  }

  /** Waits until the network's endpoints read `expected`, the one in use marked "(in use)". */
  async waitForEndpoints(name: string, expected: Expected): Promise<void> {
    await this.screen.waitForText({ name: `${name} endpoints`, in: { role: 'listitem', name: `Network ${name}` } }, expected);
  }

  /** Adds an endpoint to the network's list in place (it is checked and asked for the chain id first); waits until it is listed. */
  async addEndpoint(name: string, url: string): Promise<void> {
    await this.screen.fill(`New endpoint for ${name}`, url);
    await this.screen.click(`Add endpoint to ${name}`);
    await this.screen.waitFor({ role: 'button', name: `Remove ${url}` });
  }

  /** Tries to add an endpoint to the network's list; waits until it is refused with `expected`. */
  async addEndpointRefused(name: string, url: string, expected: Expected): Promise<void> {
    await this.screen.fill(`New endpoint for ${name}`, url);
    await this.screen.click(`Add endpoint to ${name}`);
    await this.screen.waitForText({ role: 'alert', in: `${name} endpoints form` }, expected);
  }

  async moveEndpointUp(url: string): Promise<void> {
    await this.screen.click(`Move ${url} up`);
  }

  async removeEndpoint(url: string): Promise<void> {
    await this.screen.click(`Remove ${url}`);
    await this.screen.waitForCount({ role: 'button', name: `Remove ${url}` }, 0);
  }

  /** Asks the network's node again (the button is busy until the answer is in). */
  async detectAgain(name: string): Promise<void> {
    await this.screen.click(`Detect again ${name}`);
  }

  /** Opens the built-in network's form and restores the release's settings (the form closes). */
  async restoreDefaults(name: string): Promise<void> {
    await this.screen.click(`Edit ${name}`);
    await this.screen.click('Restore defaults');
    await this.screen.waitForCount({ role: 'button', name: 'Restore defaults' }, 0);
  }

  async remove(name: string): Promise<void> {
    await this.screen.click(`Remove ${name}`);
    await this.screen.waitForCount({ role: 'listitem', name: `Network ${name}` }, 0);
  }
}
