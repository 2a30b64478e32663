/** The server's settings in proxy mode: the instance it forwards to. */
export interface ProxiedApi {
  kind: 'proxy';
  /** The instance's base address, e.g. https://example.instance.com */
  upstream: URL;
  /** A token the server holds and sends; the browser then sends none. */
  heldToken?: string;
  /** With a held token, whether writes other than lock and unlock are forwarded (--allow-writes). */
  allowWrites?: boolean;
  timeoutMs?: number;
}
