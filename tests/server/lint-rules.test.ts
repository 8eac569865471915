import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from './helpers/server-process.ts';

/** The repository's ESLint configuration with only the layer rule. */
const eslint = new ESLint({
  cwd: repositoryRoot,
  overrideConfigFile: path.join(repositoryRoot, '.eslint.config.js'),
  ruleFilter: ({ ruleId }) => ruleId === 'layers/one-way',
});

/** The rules oxlint reports for the files of a folder planted in src, with the repository's configuration. */
async function oxlintRulesOf(files: Record<string, string>): Promise<string[]> {
  const folder = path.join(repositoryRoot, 'src', `.planted-${process.pid}`);
  mkdirSync(folder, { recursive: true });
  try {
    for (const [name, code] of Object.entries(files)) writeFileSync(path.join(folder, name), code);
    const oxlint = path.join(repositoryRoot, 'node_modules', '.bin', 'oxlint');
    const { stdout } = await promisify(execFile)(oxlint, ['--type-aware', '-f', 'json', folder], {
      cwd: repositoryRoot,
    }).catch((failure: { stdout: string }) => failure);
    const { diagnostics } = JSON.parse(stdout) as { diagnostics: { code: string }[] };
    return diagnostics.map((diagnostic) => diagnostic.code).sort();
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const messagesOf = async (code: string, filePath: string) =>
  (await eslint.lintText(code, { filePath: path.join(repositoryRoot, filePath) }))[0]!.messages.map(
    (message) => message.message,
  );

describe('the lint rules', () => {
  it('refuses an import from the server’s lib into the repositories, and from a route into the database', async () => {
    expect(
      await messagesOf(
        "import { countRecords } from '../repositories/backup-check.ts';\n",
        'src/server/lib/planted.ts',
      ),
    ).toEqual(['server:lib may not import server:repositories (../repositories/backup-check.ts)']);
    expect(
      await messagesOf(
        "import { tickets } from '../../../db/schema.ts';\n",
        'src/server/routes/api/tickets/planted.ts',
      ),
    ).toEqual(['server:routes may not import server:db (../../../db/schema.ts)']);
  });

  it('follows the #aliases of package.json to the layer they name', async () => {
    expect(await messagesOf("import { Route } from '#client/routes/_app.tsx';\n", 'src/client/lib/planted.ts')).toEqual(
      ['lib may not import app (#client/routes/_app.tsx)'],
    );
    expect(await messagesOf("import { roles } from '#shared/enums.ts';\n", 'src/client/lib/planted.ts')).toEqual([]);
  });

  it('refuses a circle of imports, but not one made by type-only imports', { timeout: 60_000 }, async () => {
    expect(
      await oxlintRulesOf({
        'a.ts': "import { b } from './b.ts';\nexport const a = () => b;\n",
        'b.ts': "import { a } from './a.ts';\nexport const b = () => a;\n",
      }),
    ).toEqual(['import(no-cycle)', 'import(no-cycle)']);
    expect(
      await oxlintRulesOf({
        'a.ts': "import type { b } from './b.ts';\nexport const a = (x: typeof b) => x;\n",
        'b.ts': "import { a } from './a.ts';\nexport const b = () => a;\n",
      }),
    ).toEqual([]);
  });

  it(
    'refuses a promise left floating and an any assigned, with the type information',
    { timeout: 60_000 },
    async () => {
      expect(
        await oxlintRulesOf({
          'a.ts': "const later = () => Promise.resolve(1);\nlater();\nexport const x: number = JSON.parse('1');\n",
        }),
      ).toEqual(['typescript(no-floating-promises)', 'typescript(no-unsafe-assignment)']);
    },
  );
});
