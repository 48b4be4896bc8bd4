/** Unit and component tests for the site: jsdom + Testing Library. */
module.exports = {
  testEnvironment: 'jsdom',
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.jest.json', diagnostics: { warnOnly: false } }],
  },
  moduleNameMapper: {
    '^@haic/contract$': '<rootDir>/../contract/src/index.ts',
    '\\.(css)$': 'identity-obj-proxy',
    '\\.(svg|png|jpg|jpeg|webp|mp4|webm)$': '<rootDir>/src/test/fileStub.ts',
    '^\\.{1,2}/(.*/)?env$': '<rootDir>/src/test/env.ts',
  },
  setupFilesAfterEnv: ['<rootDir>/src/test/setup.ts'],
};
