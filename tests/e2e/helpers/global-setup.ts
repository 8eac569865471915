import { build } from 'vite';

/** The end-to-end tests drive the built app as users get it, service worker included. */
export default async function buildApp() {
  await build({ logLevel: 'warn' });
}
