import type { AppConfig } from '../contract/app-config';
import { APP_CONFIG_PATH, appConfigSchema } from '../contract/app-config';

/** A server without the config route is an embedded one that wants a token from sign-in. */
const assumed: AppConfig = { mode: 'embedded', tokenHeldByServer: false };

/** Asks the app's own server how the app gets its token; never fails. */
export async function fetchAppConfig(timeoutMs = 5000): Promise<AppConfig> {
  try {
    const response = await fetch(APP_CONFIG_PATH, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) return assumed;
    const config = appConfigSchema.safeParse(await response.json());
    return config.success ? config.data : assumed;
  } catch {
    return assumed;
  }
}
