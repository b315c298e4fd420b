import { useCallback, useEffect, useState } from 'react';

export const SIDEBAR_COOKIE = 'sidebar_state';
const SIDEBAR_COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 7;
export const MOBILE_QUERY = '(max-width: 767px)';

function readExpanded(): boolean {
  const match = document.cookie.match(new RegExp(`(?:^|; )${SIDEBAR_COOKIE}=(true|false)`));
  return match ? match[1] === 'true' : true;
}

function useIsMobile(): boolean {
  const [mobile, setMobile] = useState(() => window.matchMedia(MOBILE_QUERY).matches);
  useEffect(() => {
    const query = window.matchMedia(MOBILE_QUERY);
    const update = () => setMobile(query.matches);
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return mobile;
}

/**
 * The sidebar's state: expanded or collapsed on wide screens (kept in a cookie for 7 days), an
 * open or closed drawer under 768 px; Ctrl/Cmd+B toggles whichever applies.
 */
export function useSidebarState() {
  const mobile = useIsMobile();
  const [expanded, setExpanded] = useState(readExpanded);
  const [drawerOpen, setDrawerOpen] = useState(false);

  const toggle = useCallback(() => {
    if (mobile) {
      setDrawerOpen((open) => !open);
      return;
    }
    setExpanded((current) => {
      document.cookie = `${SIDEBAR_COOKIE}=${!current}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_SECONDS}`;
      return !current;
    });
  }, [mobile]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === 'b' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  return { mobile, expanded, drawerOpen, setDrawerOpen, toggle };
}
