/** API tests: each test file boots the built CMS on its own throw-away SQLite file. */
module.exports = {
  // Strapi loads once per worker, outside Jest's module registry (tests/helpers/environment.cjs).
  testEnvironment: '<rootDir>/tests/helpers/environment.cjs',
  roots: ['<rootDir>/tests'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tests/tsconfig.json' }],
  },
  testTimeout: 60000,
  // Strapi keeps timers and sockets around briefly after destroy().
  forceExit: true,
};
