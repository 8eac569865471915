import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from './helpers/server-process.ts';

/** The repository's lint configuration with only the rules about imports, and no type information. */
const eslint = new ESLint({
  cwd: repositoryRoot,
  overrideConfigFile: path.join(repositoryRoot, '.eslint.config.js'),
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
  ruleFilter: ({ ruleId }) => ruleId === 'layers/one-way' || ruleId === 'import-x/no-cycle',
});

const messagesOf = async (code: string, filePath: string) =>
  (await eslint.lintText(code, { filePath: path.join(repositoryRoot, filePath) }))[0]!.messages.map(
    (message) => message.message,
  );

describe('the lint rules about imports', () => {
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

  it('refuses a circle of imports', { timeout: 60_000 }, async () => {
    const folder = path.join(repositoryRoot, 'src', `.planted-${process.pid}`);
    mkdirSync(folder, { recursive: true });
    try {
      writeFileSync(path.join(folder, 'a.ts'), "import { b } from './b.ts';\nexport const a = () => b;\n");
      writeFileSync(path.join(folder, 'b.ts'), "import { a } from './a.ts';\nexport const b = () => a;\n");
      const [result] = await eslint.lintFiles([path.join(folder, 'a.ts')]);
      expect(result!.messages.map((message) => message.ruleId)).toEqual(['import-x/no-cycle']);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
