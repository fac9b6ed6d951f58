// Stands in for @docusaurus/theme-classic's start-up module, which would put
// Prism in every page's main bundle; ./prism.ts registers the languages instead.
export {};
