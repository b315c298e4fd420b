import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/en.json';
import fr from '../../i18n/fr.json';
import { activityText } from './activityText.ts';

const i18n = createInstance();
await i18n.init({ resources: { en: { translation: en }, fr: { translation: fr } }, lng: 'fr', fallbackLng: 'en' });
const french = i18n.getFixedT('fr');
const english = i18n.getFixedT('en');

describe('activityText', () => {
  it.each([
    ['Website crawled: https://acme.test/', 'Site web exploré : https://acme.test/'],
    ['Document processing failed: <b>menu</b>.pdf', 'Échec du traitement du document : <b>menu</b>.pdf'],
    ['User created with Google: ann@acme.test', 'Compte créé avec Google : ann@acme.test'],
    ['Free trial ended: ann@acme.test subscribed to Pro', 'Essai gratuit terminé : ann@acme.test a souscrit à Pro'],
    ['Google Sheets connected: ann@gmail.com', 'Google Sheets connecté : ann@gmail.com'],
    ['WhatsApp number linked: +33612345678 to Support by QR code', 'Numéro WhatsApp +33612345678 relié à Support'],
    ['WhatsApp number linked: +33612345678 to Support', 'Numéro WhatsApp +33612345678 relié à Support'],
    ['Data tool synced: Google Sheet - Leads into Support', 'Outil de données synchronisé : Google Sheet - Leads dans Support'],
    ['Lead captured for Support', 'Prospect enregistré pour Support'],
    ['Something new happened', 'Something new happened'],
  ])('%j in French', (event, text) => {
    expect(activityText(event, french)).toBe(text);
  });

  it('keeps English events readable in English', () => {
    expect(activityText('Payment paid: Pro subscription for ann@acme.test ($19.00)', english)).toBe(
      'Payment received: Pro subscription for ann@acme.test ($19.00)',
    );
  });
});
