import { defineConfig } from 'vitest/config';

const serverProjects = [
  { name: 'server:pglite', env: { TEST_DATABASE_URL: '' } },
  ...(process.env.TEST_DATABASE_URL
    ? [{ name: 'server:postgres', env: { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL } }]
    : []),
];

export default defineConfig({
  test: {
    projects: serverProjects.map(({ name, env }) => ({
      test: {
        name,
        include: ['tests/server/**/*.test.ts'],
        env,
        testTimeout: 30_000,
        hookTimeout: 60_000,
      },
    })),
  },
});
