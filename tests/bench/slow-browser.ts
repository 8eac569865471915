import { chmodSync, mkdirSync, mkdtempSync, rmdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type LaunchOptions } from 'playwright-core';

const cgroupRoot = '/sys/fs/cgroup/cpu';
const periodUs = 100_000;

/** A browser slowed `factor` times, and how: every process of it, or only each page's main thread. */
export interface SlowBrowser {
  browser: Browser;
  /** The rate each page asks of Chromium's own CPU throttle: 1 when the whole browser is slowed. */
  pageThrottle: number;
  close(): Promise<void>;
}

/**
 * Chromium's CPU throttle (CDP `Emulation.setCPUThrottlingRate`) slows a page's main thread only: the
 * pull's worker would run at full speed and flatter the figures. Where a cgroup v1 CPU controller is
 * writable, the whole browser runs under a quota instead, every process of it sharing the machine's
 * cores divided by `factor`: a wrapper puts itself in the group and then becomes Chromium, whose
 * processes inherit it. Elsewhere the page throttle is used, and said to be the weaker measure.
 */
export async function launchSlowBrowser(options: LaunchOptions, factor: number): Promise<SlowBrowser> {
  const unslowed = async (pageThrottle: number) => {
    const browser = await chromium.launch(options);
    return { browser, pageThrottle, close: () => browser.close() };
  };
  if (factor === 1) return unslowed(1);
  const group = path.join(cgroupRoot, `imsp-bench-${process.pid}`);
  try {
    mkdirSync(group);
    writeFileSync(path.join(group, 'cpu.cfs_period_us'), String(periodUs));
    writeFileSync(
      path.join(group, 'cpu.cfs_quota_us'),
      String(Math.round((availableParallelism() * periodUs) / factor)),
    );
  } catch (error) {
    console.log(
      `no CPU quota for the browser (${(error as Error).message}): the ${factor}x throttle slows pages' main threads only, not workers`,
    );
    return unslowed(factor);
  }
  const wrapper = path.join(mkdtempSync(path.join(tmpdir(), 'imsp-slow-')), 'chromium');
  const executable = options.executablePath ?? '/usr/bin/chromium';
  writeFileSync(wrapper, `#!/bin/sh\necho $$ > ${group}/cgroup.procs\nexec ${executable} "$@"\n`);
  chmodSync(wrapper, 0o755);
  const browser = await chromium.launch({ ...options, executablePath: wrapper });
  return {
    browser,
    pageThrottle: 1,
    async close() {
      await browser.close();
      // A process still leaving keeps the group busy a moment; an empty group left behind is harmless.
      setTimeout(() => rmdirSync(group), 1000).unref();
    },
  };
}
