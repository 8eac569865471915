import { networkInterfaces } from 'node:os';

export interface DemoAccount {
  role: string;
  email: string;
  password: string;
}

interface StartFacts {
  port: number;
  host: string;
  /** Where the data is kept, in words. */
  storage: string;
  /** The demo accounts that exist in the database (none: a plant's own users, or nobody yet). */
  demoAccounts: DemoAccount[];
  hasUsers: boolean;
}

/** The addresses tablets on the plant network open, when the server listens on every interface. */
function networkAddresses(port: number): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .flatMap((address) =>
      address && address.family === 'IPv4' && !address.internal ? [`http://${address.address}:${port}`] : [],
    );
}

/** What the person who just started the server needs: where to open it and how to sign in. */
export function startMessage({ port, host, storage, demoAccounts, hasUsers }: StartFacts): string {
  const everywhere = host === '0.0.0.0' || host === '::';
  const local = `http://${everywhere ? 'localhost' : host}:${port}`;
  const lines = [`IMSP is running: open ${local}`];
  const others = everywhere ? networkAddresses(port) : [];
  if (others.length > 0) lines.push(`  on the plant network: ${others.join(', ')}`);
  lines.push(`  data: ${storage}`);
  if (demoAccounts.length > 0) {
    lines.push('  demo accounts (until their passwords are changed):');
    for (const { role, email, password } of demoAccounts)
      lines.push(`    ${role.padEnd(22)} ${email.padEnd(22)} ${password}`);
  } else if (!hasUsers) {
    lines.push(`  the database is empty: register the first account at ${local}/register, or run npm run seed`);
  }
  return lines.join('\n');
}
