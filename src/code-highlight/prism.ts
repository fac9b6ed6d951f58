import {Highlight, Prism} from 'prism-react-renderer';
import prismIncludeLanguages from '@theme/prism-include-languages';

// Evaluating Prism's grammars is the costliest part of a page's start-up
// script (~30 ms of a phone CPU's main thread): this module is bundled in the
// server render and in a separate browser chunk loaded only when a code block
// has no server-rendered markup to reuse (see src/theme/CodeBlock/Content).
prismIncludeLanguages(Prism);

export {Highlight};
