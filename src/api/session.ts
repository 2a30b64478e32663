// How the app gets its developer token: from sign-in, kept in this tab or on this
// device, or not at all when the server holds the token (proxy mode) and sends it.

/** Where the token is kept: sessionStorage, or localStorage when remembered on this device. */
export const tokenStorageKey = 'cfm.developer-token';

export interface Session {
  token: string | null;
  /** True when the server refused the stored token, so sign-in can say why it is back. */
  rejected: boolean;
  /** True once the person signed out here: whoever signs in next starts afresh, not at their last place. */
  signedOut: boolean;
  /** The server sends a token of its own; the browser holds none and never signs in. */
  heldByServer: boolean;
}

// Read from storage on first use, so importing this module touches no browser API.
let session: Session | undefined;
const listeners = new Set<() => void>();

function replaceSession(next: Session): void {
  session = next;
  for (const listener of listeners) listener();
}

function forgetStoredToken(): void {
  sessionStorage.removeItem(tokenStorageKey);
  localStorage.removeItem(tokenStorageKey);
}

export function getSession(): Session {
  session ??= {
    token: sessionStorage.getItem(tokenStorageKey) ?? localStorage.getItem(tokenStorageKey),
    rejected: false,
    signedOut: false,
    heldByServer: false,
  };
  return session;
}

/** Whether requests can be made: a token, or one the server holds. */
export function hasSession(): boolean {
  const { token, heldByServer } = getSession();
  return Boolean(token || heldByServer);
}

export function subscribeToSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Who requests are made for: a token, the token the server holds, or nobody. */
function sessionIdentity(): string | null {
  const { token, heldByServer } = getSession();
  return heldByServer ? 'held-by-server' : token;
}

/**
 * Calls `listener` whenever requests start being made for someone else: a sign-out,
 * a refused token, another sign-in. What was fetched or offered for one person
 * (cached data, a notice's Undo) must then go.
 */
export function onSessionIdentityChange(listener: () => void): () => void {
  let identity = sessionIdentity();
  return subscribeToSession(() => {
    const next = sessionIdentity();
    if (next === identity) return;
    identity = next;
    listener();
  });
}

export function startSession(token: string, rememberOnThisDevice: boolean): void {
  forgetStoredToken();
  (rememberOnThisDevice ? localStorage : sessionStorage).setItem(tokenStorageKey, token);
  replaceSession({ token, rejected: false, signedOut: false, heldByServer: false });
}

export function endSession(): void {
  forgetStoredToken();
  replaceSession({ token: null, rejected: false, signedOut: true, heldByServer: false });
}

/** The server answered 401 to the stored token. */
export function endRejectedSession(): void {
  forgetStoredToken();
  replaceSession({ token: null, rejected: true, signedOut: false, heldByServer: false });
}

/** The server holds the token: any token this browser kept is forgotten, never sent. */
export function startServerHeldSession(): void {
  forgetStoredToken();
  replaceSession({ token: null, rejected: false, signedOut: false, heldByServer: true });
}
