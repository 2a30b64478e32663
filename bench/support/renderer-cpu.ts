import type { Browser } from '@playwright/test';

/**
 * CPU time (ms) the browser's renderer processes have used so far. Unlike a time
 * measured on the clock, it does not grow when other work shares the machine's
 * CPUs, so before/after comparisons on a busy machine read it.
 */
export async function rendererCpuMs(browser: Browser): Promise<number> {
  return chromiumCpuMs(browser, (type) => type === 'renderer');
}

/**
 * CPU time (ms) Chromium's processes of the types chosen (all by default: the browser
 * process, renderers, the network service and other utilities) have used so far.
 */
export async function chromiumCpuMs(
  browser: Browser,
  counted: (type: string) => boolean = () => true,
): Promise<number> {
  const session = await browser.newBrowserCDPSession();
  try {
    const { processInfo } = (await session.send('SystemInfo.getProcessInfo')) as {
      processInfo: Array<{ type: string; cpuTime: number }>;
    };
    return processInfo
      .filter((process) => counted(process.type))
      .reduce((sum, process) => sum + process.cpuTime * 1000, 0);
  } finally {
    await session.detach();
  }
}
