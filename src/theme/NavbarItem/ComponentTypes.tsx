import ComponentTypes from '@theme-original/NavbarItem/ComponentTypes';
import AskAiButton from '@site/src/ask-ai/AskAiButton';

// Adds the navbar item type `custom-askAi` (docusaurus.config.ts): the Ask AI button.
export default {...ComponentTypes, 'custom-askAi': AskAiButton};
