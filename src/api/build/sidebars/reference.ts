import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';
import {referenceSidebar} from './referenceSidebar';

export default {referenceSidebar: referenceSidebar('reference')} satisfies SidebarsConfig;
