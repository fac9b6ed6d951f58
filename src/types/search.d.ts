// The local search index, written by src/plugins/search-index at build and start.
declare module '@generated/search-index/default/search-index.json' {
  import type {SearchIndexFile} from '@site/src/search/records';

  const index: SearchIndexFile;
  export default index;
}

// Entry points of @docsearch/react that split the modal from the button.
declare module '@docsearch/react/modal' {
  export {DocSearchModal} from '@docsearch/react';
}

declare module '@docsearch/react/button' {
  export {DocSearchButton} from '@docsearch/react';
}
