/**
 * The EIP-1193 provider a page sees. It relays requests to the content script and settles each by id, and keeps the
 * legacy surface libraries still use (enable, send, sendAsync, selectedAddress, chainId, networkVersion,
 * networkChanged) current from the wallet's events.
 */
import { randomId } from '../shared/randomId';
import {
  CONTENT_TARGET,
  INPAGE_TARGET,
  isToPageMessage,
  type PageSettings,
  type ProviderEventName,
  type ToContentMessage,
  type RpcResponse,
} from '../shared/protocol';
import { listenInFrame, sendInFrame } from '../shared/windowChannel';
import { ProviderEmitter } from './emitter';
import { jsonText } from './jsonText';
import { respond, sendAsync, type Callback, type JsonRpcPayload, type JsonRpcResponse } from './legacy';
import { ProviderRpcError, readRequest, requestText } from './request';

export class InpageProvider extends ProviderEmitter {
  /** Requests waiting for their answer. */
  private readonly pending = new Map<string, { resolve(value: unknown): void; reject(error: Error): void; text: string }>();
  private connected = false;
  private state: { chainId: string | null; accounts: unknown[] } = { chainId: null, accounts: [] };
  /** Until the content script brings the site's setting: on, the default. */
  private settings: PageSettings = { isMetaMask: true };
  /** Dapps that want to know which wallet this is (isMetaMask may be true for compatibility). */
  readonly isBatchWallet = true;
  /** The content script listening now; null until one has said it is ready (requests wait until then). */
  private contentInstance: string | null = null;
  /** Said it is here and asked the chain and the accounts (start). */
  private started = false;
  /**
   * Request ids: this document's random prefix and a count. The worker knows a request sent again by its id (it asks
   * the user once), so ids must not repeat in the next document of the same frame (its key has no document, in either
   * browser). Private to the class itself, so no library copying or resetting the provider's fields can repeat one.
   */
  #idPrefix: string | undefined;
  #requestCount = 0;

  constructor() {
    super();
    this.request = this.request.bind(this);
    if (window.top === window) this.start();
  }

  /**
   * Says it is here (its content script then opens the port to the wallet) and asks the chain and the accounts, which
   * fill chainId and selectedAddress and fire connect: at once in a top frame, and in a subframe on its page's first
   * use (a request, a listener, reading them): most subframes are ads and embeds that never use the wallet.
   */
  private start(): void {
    if (this.started) return;
    this.started = true;
    // Only now: nothing is said to a provider not started (no port is open for it), and most frames never start one.
    // Before the first post, which the content script answers at once.
    listenInFrame(INPAGE_TARGET, (message) => {
      if (!isToPageMessage(message)) return;
      if (message.type === 'content-ready') this.onContentReady(message.instance, message.settings);
      else if (message.type === 'rpc-response') this.settle(message.id, message.response);
      else this.onEvent(message.event, message.data);
    });
    if (window.origin !== 'null') this.post({ type: 'inpage-ready' });
    // Back from the back/forward cache, where no event reached it (its content script closed its port): the chain or the
    // accounts may have changed meanwhile. The browser's event only; one the page dispatched asks nothing.
    window.addEventListener('pageshow', (event) => {
      if (event.isTrusted && event.persisted) this.catchUp();
    });
    this.request({ method: 'eth_chainId' }).then(
      (chainId) => this.onEvent('connect', { chainId }),
      () => undefined,
    );
    this.request({ method: 'eth_accounts' }).then(
      (accounts) => this.remember('accountsChanged', accounts),
      () => undefined,
    );
  }

  /** Asks the chain and the accounts again, and tells the page those that changed as the wallet's events would have. */
  private catchUp(): void {
    this.request({ method: 'eth_chainId' }).then(
      (chainId) => this.onEvent('chainChanged', chainId),
      () => undefined,
    );
    this.request({ method: 'eth_accounts' }).then(
      (accounts) => this.onEvent('accountsChanged', accounts),
      () => undefined,
    );
  }

  protected override listened(): void {
    this.start();
  }

  /** True unless the user turned MetaMask compatibility off for this site (or for all): dapps gate on it. */
  get isMetaMask(): boolean {
    return this.settings.isMetaMask;
  }

  /** The account the page sees first, or null; kept current by accountsChanged. */
  get selectedAddress(): string | null {
    this.start();
    const [first] = this.state.accounts;
    return typeof first === 'string' ? first : null;
  }

  /** The selected network's chain id (hex), or null before the wallet answered. */
  get chainId(): string | null {
    this.start();
    return this.state.chainId;
  }

  /** The chain id in decimal, as net_version answers it. */
  get networkVersion(): string | null {
    this.start();
    return this.state.chainId === null ? null : BigInt(this.state.chainId).toString();
  }

  /** Legacy: eth_requestAccounts. */
  enable(): Promise<unknown> {
    return this.request({ method: 'eth_requestAccounts' });
  }

  /** Legacy: send(method, params) answers like request(); send(payload, callback) like sendAsync; send(payload) a response. */
  send(methodOrPayload: string | JsonRpcPayload | JsonRpcPayload[], paramsOrCallback?: unknown): Promise<unknown> | undefined {
    if (typeof methodOrPayload === 'string') return this.request({ method: methodOrPayload, params: paramsOrCallback });
    if (typeof paramsOrCallback === 'function') {
      sendAsync(this.request, methodOrPayload, paramsOrCallback as Callback<JsonRpcResponse | JsonRpcResponse[]>);
      return undefined;
    }
    return Array.isArray(methodOrPayload) ? Promise.all(methodOrPayload.map((one) => respond(this.request, one))) : respond(this.request, methodOrPayload);
  }

  /** Legacy: one JSON-RPC payload or a batch, answered through the callback. */
  sendAsync(payload: JsonRpcPayload | JsonRpcPayload[], callback: Callback<JsonRpcResponse | JsonRpcResponse[]>): void {
    sendAsync(this.request, payload, callback);
  }

  request(args: { method: string; params?: unknown }): Promise<unknown> {
    this.start();
    const asked = readRequest(args);
    if (asked instanceof ProviderRpcError) return Promise.reject(asked);
    // A frame with an opaque origin (sandboxed) has no identity to connect with. The document's origin (window.origin)
    // is what the browser reports; location.origin still names the URL's host there.
    if (window.origin === 'null') {
      return Promise.reject(new ProviderRpcError({ code: 4100, message: 'This frame has an opaque origin (a sandboxed iframe): the wallet cannot tell which site asks' }));
    }
    // Made at the first request, not in every frame (a frame's first use of crypto costs it ~0.1 ms).
    this.#idPrefix ??= randomId();
    const id = `${this.#idPrefix}-${++this.#requestCount}`;
    // Written once: sent again as it is to a content script that comes later.
    const written = requestText({ type: 'rpc-request', id, request: asked });
    if ('unsendable' in written) return Promise.reject(new ProviderRpcError({ code: -32602, message: `params cannot be sent to the wallet: ${written.unsendable}` }));
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, text: written.text });
      if (this.contentInstance) sendInFrame(CONTENT_TARGET, written.text);
    });
  }

  isConnected(): boolean {
    this.start();
    return this.connected;
  }

  private post(data: ToContentMessage): void {
    sendInFrame(CONTENT_TARGET, jsonText(data));
  }

  /**
   * A new content script (first load, or after an extension restart): everything unanswered goes to it. What the old
   * one passed on died with the old background, or never reached it; the new one passes each id on once.
   */
  private onContentReady(instance: string, settings: PageSettings | undefined): void {
    if (settings) this.settings = settings;
    if (instance === this.contentInstance) return;
    this.contentInstance = instance;
    // Without settings it has no port yet (a subframe's opens on its page's first use): a provider already in use (its
    // content script came after it, or again after an add-on restart) asks for one, or no event and no setting reach it.
    if (!settings && this.started) this.post({ type: 'inpage-ready' });
    for (const waiter of this.pending.values()) sendInFrame(CONTENT_TARGET, waiter.text);
  }

  private settle(id: string, response: RpcResponse): void {
    const waiter = this.pending.get(id);
    if (!waiter) return;
    this.pending.delete(id);
    if ('error' in response) waiter.reject(new ProviderRpcError(response.error));
    else waiter.resolve(response.result);
  }

  private onEvent(event: ProviderEventName, data: unknown): void {
    // A change the page was told already: back from the cache, the wallet's event and the answer to catchUp's question
    // can both bring it, in either order.
    if (this.knows(event, data)) return;
    if (event === 'connect') this.connected = true;
    if (event === 'disconnect') this.connected = false;
    const networkBefore = this.networkVersion;
    this.remember(event, data);
    this.emit(event, data);
    // The deprecated event older dapps still listen to, after chainChanged as MetaMask sends it.
    if (event === 'chainChanged' && this.networkVersion !== networkBefore) this.emit('networkChanged', this.networkVersion);
  }

  /** Whether a chainChanged or accountsChanged says what the provider holds already. */
  private knows(event: ProviderEventName, data: unknown): boolean {
    return event === 'chainChanged' ? data === this.state.chainId : event === 'accountsChanged' && JSON.stringify(data) === JSON.stringify(this.state.accounts);
  }

  /** Keeps the accounts (the first is selectedAddress) and chainId as the events say. */
  private remember(event: ProviderEventName, data: unknown): void {
    if (event === 'accountsChanged' && Array.isArray(data)) this.state.accounts = [...data];
    if (event === 'chainChanged' && typeof data === 'string') this.state.chainId = data;
    if (event === 'connect' && typeof (data as { chainId?: unknown })?.chainId === 'string') this.state.chainId = (data as { chainId: string }).chainId;
  }
}
