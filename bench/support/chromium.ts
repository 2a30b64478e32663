import { chromium } from '@playwright/test';
import { chromiumExecutable, quietChromiumArgs } from '../../scripts/chromium';

/** The Chromium the browser benchmarks drive: the full browser, without background traffic. */
export function launchChromium() {
  return chromium.launch({
    executablePath: chromiumExecutable('browser'),
    args: quietChromiumArgs,
  });
}
