// Docusaurus' generated registry names each route module three ways:
// `[() => import(x), 'x', require.resolveWeak(x)]`. A weak reference still
// makes the bundler compile the module, which would defeat lazy compilation;
// it only serves server-rendered pages, which the dev server never has, so in
// dev each becomes `undefined` (react-loadable then loads through the import).
module.exports = function registryLoader(source) {
  return source.replace(/require\.resolveWeak\(("(?:[^"\\]|\\.)*")\)/g, 'undefined');
};
