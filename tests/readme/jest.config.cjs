/** The docs check: the README's and docs/ pages' commands, links and paths (plain Node, no transform). */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>'],
  testMatch: ['**/*.test.cjs'],
  transform: {},
};
