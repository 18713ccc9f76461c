/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: {
    // Transpile only (isolatedModules): `npm test` type-checks everything with tsc first.
    '^.+\\.ts$': ['ts-jest', { isolatedModules: true, tsconfig: { module: 'commonjs', verbatimModuleSyntax: false } }],
  },
  moduleFileExtensions: ['ts', 'js', 'json'],
  // Runtime code imports 'cc' (and 'cc/env'); under jest it gets the test double in test/runtime/cc.
  moduleNameMapper: {
    '^cc$': '<rootDir>/test/runtime/cc/index.ts',
    '^cc/env$': '<rootDir>/test/runtime/cc/env.ts',
    '^db://pixel-collision/(.*)$': '<rootDir>/extensions/pixel-collision/assets/$1',
  },
  setupFilesAfterEnv: ['<rootDir>/test/setup-fast-check.ts'],
};
