// The local search index, written by src/search/build at build and start.
declare module '@generated/search-index/default/search-head.json' {
  import type {IndexHead} from '@site/src/search/indexFiles';

  const head: IndexHead;
  export default head;
}

// Entry points of @docsearch/react that split the modal from the button.
declare module '@docsearch/react/modal' {
  export {DocSearchModal} from '@docsearch/react';
}

declare module '@docsearch/react/button' {
  export {DocSearchButton} from '@docsearch/react';
}

// Where Ask AI's encoder and vectors are served, written by src/search/build with the index.
declare module '@generated/search-index/default/ask-semantic.json' {
  import type {SemanticFiles} from '@site/src/ask-ai/types';

  const files: SemanticFiles;
  export default files;
}
