// relay-compiler reads this from the repo root (see ../shared/RECIPES.md).
module.exports = {
  src: './client/src',
  schema: './schema.graphql',
  language: 'typescript',
  eagerEsModules: true,
  excludes: ['**/node_modules/**', '**/__mocks__/**', '**/__generated__/**'],
};
