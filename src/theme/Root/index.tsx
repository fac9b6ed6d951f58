import React, {type ReactNode, useSyncExternalStore} from 'react';
import Head from '@docusaurus/Head';
import {useLocation} from '@docusaurus/router';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {matchRoutes} from 'react-router-config';
import routes from '@generated/routes';
import {loadedRouteGroups, subscribeRoutes} from '@site/src/plugins/route-groups/client/groups';
import {socialImageOf} from '@site/src/data/sections';
import {twinPath} from '@site/src/llms/twinPath';
import {useRouterLinks} from '@site/src/router-links/useRouterLinks';

/** Routes without a Markdown twin: the search page is a tool, not a text. */
const NO_TWIN = new Set(['/search']);

/** Whether a path is one of the site's pages (not the not-found page). */
function isPage(pathname: string): boolean {
  const leaf = matchRoutes(routes, pathname).at(-1)?.route;
  return Boolean(leaf?.exact && leaf.path !== '*');
}

/**
 * Wraps the whole app to add what every page's head needs from its URL:
 * the Markdown twin for agents (`rel="alternate"`) and its section's social
 * image; and to send plain in-site anchors through the router.
 */
export default function Root({children}: {children: ReactNode}): ReactNode {
  const {pathname} = useLocation();
  // The route table grows as groups of pages' routes load: a page's twin link follows.
  useSyncExternalStore(subscribeRoutes, loadedRouteGroups, loadedRouteGroups);
  useRouterLinks(isPage);
  const {siteConfig} = useDocusaurusContext();
  const image = `${siteConfig.url}${socialImageOf(pathname)}`;
  return (
    <>
      <Head>
        <meta property="og:image" content={image} />
        <meta name="twitter:image" content={image} />
        <meta property="og:image:width" content="1200" />
        <meta property="og:image:height" content="630" />
        <meta property="og:site_name" content={siteConfig.title} />
        {isPage(pathname) && !NO_TWIN.has(pathname) && (
          <link rel="alternate" type="text/markdown" href={twinPath(pathname)} />
        )}
      </Head>
      {children}
    </>
  );
}
