import { createContext, use } from 'react';

/**
 * Leaving the app for the payment provider: kept behind a context so that tests can check where
 * the browser is sent without navigating jsdom away.
 */
export interface BrowserNavigation {
  /** Sends this tab to an outside address (Stripe Checkout). */
  goTo(url: string): void;
  /** Opens an address in a new tab; false when the browser blocked the tab. */
  openInNewTab(url: string): boolean;
}

export const windowNavigation: BrowserNavigation = {
  goTo: (url) => window.location.assign(url),
  openInNewTab: (url) => {
    const opened = window.open(url, '_blank');
    // The receipt page gets no handle on this tab.
    if (opened) opened.opener = null;
    return opened !== null;
  },
};

export const BrowserNavigationContext = createContext<BrowserNavigation>(windowNavigation);

export const useBrowserNavigation = () => use(BrowserNavigationContext);
