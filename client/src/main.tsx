import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { i18nReady } from './i18n/index.ts';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

// A French reader's strings load first; the app falls back to English if they cannot.
void i18nReady
  .catch(() => undefined)
  .then(() =>
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
