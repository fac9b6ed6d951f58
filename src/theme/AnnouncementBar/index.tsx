import React, {useEffect, type ReactNode} from 'react';
import AnnouncementBar from '@theme-original/AnnouncementBar';
import type AnnouncementBarType from '@theme/AnnouncementBar';
import type {WrapperProps} from '@docusaurus/types';
import {useAnnouncementBar} from '@docusaurus/theme-common/internal';
import useIsBrowser from '@docusaurus/useIsBrowser';

type Props = WrapperProps<typeof AnnouncementBarType>;

// Before hydration an inline script hides a dismissed bar through this
// attribute. When the site ships a bar with a new id the bar becomes active
// again, but the attribute would keep it hidden until the next full load.
const INITIALLY_DISMISSED = 'data-announcement-bar-initially-dismissed';

export default function AnnouncementBarWrapper(props: Props): ReactNode {
  const {isActive} = useAnnouncementBar();
  const isBrowser = useIsBrowser();
  useEffect(() => {
    if (isBrowser && isActive) document.documentElement.setAttribute(INITIALLY_DISMISSED, 'false');
  }, [isBrowser, isActive]);
  return <AnnouncementBar {...props} />;
}
