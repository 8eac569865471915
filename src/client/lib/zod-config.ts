import { z } from 'zod';

/**
 * Zod compiles parsers with `new Function` when it may; the app's content security policy forbids
 * eval, and zod's probe for it is reported as a CSP violation on every page (Lighthouse's best
 * practices). Imported first by main.tsx, before any schema parses.
 */
z.config({ jitless: true });
