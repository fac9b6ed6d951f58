import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';

// The platform sidebar lists every /platform route. The reference and legacy
// sidebars are built in src/api/build/sidebars/ because they span two docs instances.
const sidebars = {
  platformSidebar: [
    'quick-start',
    'release-notes',
    {
      type: 'category',
      label: 'Account',
      items: ['account/dashboard', 'account/security-and-rbac'],
    },
    {
      type: 'category',
      label: 'Datasets',
      link: {type: 'doc', id: 'datasets/index'},
      items: [
        'datasets/prepare-data-for-atlas',
        'datasets/storage',
        {
          type: 'category',
          label: 'Data maps',
          link: {type: 'doc', id: 'datasets/data-maps/index'},
          items: [
            'datasets/data-maps/atlas-analyst',
            'datasets/data-maps/controls',
            'datasets/data-maps/data-stories',
            'datasets/data-maps/duplicate-detection',
            'datasets/data-maps/topic-modeling',
            {
              type: 'category',
              label: 'How Atlas works',
              link: {type: 'doc', id: 'datasets/data-maps/how-atlas-works/index'},
              items: [
                'datasets/data-maps/how-atlas-works/about-topics',
                'datasets/data-maps/how-atlas-works/embedding_projection',
                'datasets/data-maps/how-atlas-works/key_terms',
              ],
            },
            {
              type: 'category',
              label: 'Data map guides',
              items: [
                'datasets/data-maps/guides/analyze-text-data',
                'datasets/data-maps/guides/analyze-your-gmail-inbox',
                'datasets/data-maps/guides/collaborative-tagging',
                'datasets/data-maps/guides/create-your-own-atlas-data-story',
                'datasets/data-maps/guides/data-curation',
                'datasets/data-maps/guides/mapping-github-commits-with-atlas',
                'datasets/data-maps/guides/mapping-reddit-comments-with-atlas',
                'datasets/data-maps/guides/organize-and-search-images',
                'datasets/data-maps/guides/vector-search-over-your-data',
              ],
            },
          ],
        },
        {
          type: 'category',
          label: 'Export guides',
          items: [
            'datasets/guides/export-crm-data',
            'datasets/guides/export-databases',
            'datasets/guides/export-developer-data',
            'datasets/guides/export-spreadsheet-data',
            'datasets/guides/export-team-collaboration-data',
          ],
        },
        {
          type: 'category',
          label: 'Integrations',
          items: [
            'datasets/integrations/external-integrations',
            'datasets/integrations/huggingface-connector',
            'datasets/integrations/snowflake-connector',
          ],
        },
      ],
    },
    {
      type: 'category',
      label: 'Embeddings and retrieval',
      items: [
        'embeddings-and-retrieval/generate-embeddings',
        'embeddings-and-retrieval/text-embedding',
        'embeddings-and-retrieval/image-embedding',
        'embeddings-and-retrieval/multimodality',
        'embeddings-and-retrieval/dimensionality-reduction',
        {
          type: 'category',
          label: 'Embedding guides',
          items: [
            'embeddings-and-retrieval/guides/building-rag-applications-with-atlas',
            'embeddings-and-retrieval/guides/building-image-classifiers-with-atlas',
            'embeddings-and-retrieval/guides/fast-retrieval-with-resizable-embeddings',
            'embeddings-and-retrieval/guides/how-to-visualize-embeddings',
            'embeddings-and-retrieval/guides/improve-ai-model-performance-with-embedding-visualization-and-evaluation',
            'embeddings-and-retrieval/guides/pdf-rag-with-colnomic-embed-multimodal',
            'embeddings-and-retrieval/guides/pdf-rag-with-nomic-embed-multimodal',
            'embeddings-and-retrieval/guides/using-umap-with-atlas',
          ],
        },
      ],
    },
    {
      type: 'category',
      label: 'Files',
      link: {type: 'doc', id: 'files/index'},
      items: [
        'files/upload/overview/index',
        'files/parse/overview/index',
        'files/parse/options/index',
        'files/parse/response-format/index',
        'files/extraction/overview/index',
      ],
    },
  ],
} satisfies SidebarsConfig;

export default sidebars;
