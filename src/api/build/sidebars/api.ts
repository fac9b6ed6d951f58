import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';
import {legacySidebar, referenceSidebar} from './referenceSidebar';

export default {
  referenceSidebar: referenceSidebar('api'),
  legacySidebar: legacySidebar(),
} satisfies SidebarsConfig;
