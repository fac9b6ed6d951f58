import ComponentTypes from '@theme-original/NavbarItem/ComponentTypes';
import AskAiButton from '@site/src/ask-ai/AskAiButton';

// Adds the navbar item type `custom-askAi` (docusaurus.config.ts): the Ask AI button. It stays in the
// header at every width (button.module.css), so the phone menu leaves it out rather than repeat it.
const AskAiItem = ({mobile}: {mobile?: boolean}) => (mobile ? null : <AskAiButton />);

export default {...ComponentTypes, 'custom-askAi': AskAiItem};
