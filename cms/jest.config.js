/** API tests: each test file boots the built CMS on its own throw-away SQLite file. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/tests'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tests/tsconfig.json' }],
  },
  testTimeout: 60000,
  // Strapi keeps timers and sockets around briefly after destroy().
  forceExit: true,
};
