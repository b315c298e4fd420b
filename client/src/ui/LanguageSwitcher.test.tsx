import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Component as NotFoundPage } from '../features/not-found/NotFoundPage.tsx';
import { changeLanguage, LANGUAGE_STORAGE_KEY } from '../i18n/index.ts';
import { renderRoute } from '../test/render.tsx';

describe('LanguageSwitcher', () => {
  afterEach(() => changeLanguage('en'));

  it('switches the interface to French and keeps the choice', async () => {
    renderRoute(<NotFoundPage />);
    fireEvent.change(await screen.findByRole('combobox', { name: 'Language' }), { target: { value: 'fr' } });
    expect(await screen.findByRole('heading', { name: '404 : page introuvable' })).toBeTruthy();
    expect(screen.getByRole('link', { name: "Aller à l'accueil" })).toBeTruthy();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
  });
});
