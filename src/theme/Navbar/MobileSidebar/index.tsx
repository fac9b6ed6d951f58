import React, {useState, type ReactNode} from 'react';
import MobileSidebar from '@theme-original/Navbar/MobileSidebar';
import {useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';

/**
 * The phone menu, drawn the first time it opens rather than on every page
 * load. Closed, it still lay partly inside the viewport, so every sidebar link
 * in it counted as visible and had its page's scripts prefetched; drawing it
 * and those prefetches were the longest tasks after hydration on API pages.
 */
export default function MobileSidebarWrapper(): ReactNode {
  const {shown} = useNavbarMobileSidebar();
  // Once drawn it stays, so that closing it and opening it again slide.
  const [drawn, setDrawn] = useState(shown);
  if (shown && !drawn) setDrawn(true);
  return drawn ? <MobileSidebar /> : null;
}
