import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { loadFeatureStrings } from '../i18n/index.ts';
import { FEATURES_WITH_STRINGS } from '../i18n/resources.ts';
import { toaster } from '../ui/toaster.tsx';

// relay-test-utils' MockPayloadGenerator and friends call jest.fn.
// Chakra renders slowly under jsdom.
configure({ asyncUtilTimeout: 5000 });

(globalThis as unknown as { jest: typeof vi }).jest = vi;

// jsdom lacks these; Chakra (Ark UI) reads them.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }) as MediaQueryList;
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
Element.prototype.scrollTo ??= () => undefined;

// Ark UI waits for animationend before unmounting, which jsdom never fires.
const noAnimations = document.createElement('style');
noAnimations.textContent = '*, *::before, *::after { animation-name: none !important; animation-duration: 0s !important; }';
document.head.appendChild(noAnimations);

// Screens are rendered without their routes here, so every feature's strings load up front.
await loadFeatureStrings(...FEATURES_WITH_STRINGS);

afterEach(() => {
  // One toaster for the whole run: a test's toasts, still open on a quick machine, would take the
  // next test's three places and queue its toast.
  toaster.remove();
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  // A modal unmounted while open leaves its body lock (pointer-events: none) and portals behind.
  document.body.removeAttribute('style');
  document.body.innerHTML = '';
});
