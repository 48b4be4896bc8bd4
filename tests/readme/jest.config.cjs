/** The README's commands against the tests and the CI script that run them (plain Node, no transform). */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>'],
  testMatch: ['**/*.test.cjs'],
  transform: {},
};
