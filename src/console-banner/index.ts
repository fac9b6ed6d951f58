import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import siteConfig from '@generated/docusaurus.config';
import type {SiteLinks} from '../../docusaurus.config';
import {bannerLines} from './banner';

// Client modules run once per page load (not per route change): one banner.
if (ExecutionEnvironment.canUseDOM) {
  const {careers} = siteConfig.customFields!.links as SiteLinks;
  const [title, ...rest] = bannerLines(careers);
  console.info(`%c${title}%c\n${rest.join('\n')}`, 'font-weight:bold;font-size:1.4em;color:#0f6b5c', '');
}
