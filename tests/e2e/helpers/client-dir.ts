/**
 * Where the e2e run builds the app and from where its servers serve it. E2E_CLIENT_DIR lets two runs
 * on one checkout (two people, or two features in progress) build side by side instead of into dist/.
 */
export const clientDir = process.env.E2E_CLIENT_DIR || 'dist';
