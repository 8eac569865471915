/**
 * Zod compiles parsers with `new Function` when it may; the app's content security policy forbids
 * eval, and zod's probe for it is reported as a CSP violation on every page (Lighthouse's best
 * practices). Zod keeps its settings in `globalThis.__zod_globalConfig`, an object it creates only when
 * none is there, so setting `jitless` on it here, first thing in main.tsx, turns the probe off without
 * loading zod with the first page. tests/client/zod-config.test.ts checks that zod still reads it.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(zodGlobal.__zod_globalConfig ??= {}).jitless = true;
