/** The real server (or another script of the repository) as a child process, for tests and benchmarks. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const repositoryRoot = fileURLToPath(new URL('../../..', import.meta.url));

const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface StartOptions {
  /** Output inherited (benchmarks) or piped for the test to read. */
  output?: 'inherit' | 'pipe';
  /** A command the node process runs under, e.g. setpriv with its arguments. */
  wrapper?: string[];
}

export function startScript(script: string, env: Record<string, string>, options: StartOptions = {}): ChildProcess {
  const [command, ...args] = [...(options.wrapper ?? []), process.execPath, script];
  const child = spawn(command, args, {
    cwd: repositoryRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', options.output ?? 'inherit', options.output ?? 'inherit'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

export async function stopScript(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGKILL');
    await exited;
  }
}

/**
 * Until `url` answers or the process exits. A test's own timeout bounds it (a start on a loaded machine
 * may take long); a benchmark, which has none, passes `seconds`.
 */
export async function waitForUrl(url: string, child: ChildProcess, seconds = Infinity) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

/** Resolves with the exit code and everything the process wrote, once it exits. */
export function exitOf(child: ChildProcess): Promise<{ code: number | null; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

/** Resolves with the first line of the process's standard output that `matches`; rejects if it exits first. */
export function lineOf(child: ChildProcess, matches: (line: string) => boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    let partial = '';
    const onData = (chunk: Buffer) => {
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop()!;
      const line = lines.find(matches);
      if (line === undefined) return;
      child.stdout?.off('data', onData);
      child.off('exit', onExit);
      resolve(line);
    };
    const onExit = () => reject(new Error('the process exited before writing the line waited for'));
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
  });
}
