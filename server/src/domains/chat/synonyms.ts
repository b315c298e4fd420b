// Words customers and help pages use for the same thing, so the offline answerer can meet a
// paraphrase ("shipping" in the question, "delivery" on the page). Kept to general customer-service
// vocabulary in the bot languages with stemmers; each group is matched by stem.
import type { BotLanguage } from './language.ts';
import { stemmedTerms } from './terms.ts';

const GROUPS: Partial<Record<BotLanguage, string[][]>> = {
  en: [
    ['shipping', 'delivery', 'deliver', 'ship', 'postage'],
    ['price', 'cost', 'costs', 'fee', 'charge', 'pay', 'much', 'expensive', 'cheap'],
    ['refund', 'return', 'money back', 'reimburse'],
    ['voucher', 'gift card', 'coupon'],
    ['hours', 'open', 'opening', 'close', 'closed', 'closing', 'time', 'when'],
    ['job', 'jobs', 'hire', 'hiring', 'recruit', 'recruiting', 'vacancy', 'career', 'staff', 'work'],
    ['wheelchair', 'accessible', 'accessibility', 'ramp', 'step-free', 'disabled'],
    ['warm', 'hot'],
    ['meal', 'meals', 'food', 'lunch', 'dish'],
    ['pick up', 'pickup', 'collect', 'collection', 'collected'],
    ['cancel', 'cancellation', 'change', 'modify'],
    ['booking', 'book', 'reserve', 'reservation', 'hire', 'rent'],
    ['class', 'course', 'workshop', 'lesson'],
    ['car', 'park', 'parking', 'garage'],
    ['loyalty', 'stamp', 'reward', 'points'],
    ['vegan', 'plant-based'],
    ['milk', 'dairy'],
    ['phone', 'call', 'telephone'],
    ['email', 'e-mail', 'mail'],
    ['wifi', 'wi-fi', 'internet'],
    ['bring', 'allow', 'allowed', 'permit', 'permitted'],
  ],
  fr: [
    ['livraison', 'livrer', 'expedition', 'envoi', 'port'],
    ['prix', 'cout', 'coute', 'couter', 'tarif', 'frais', 'combien', 'payer'],
    ['remboursement', 'rembourser', 'retour', 'retourner'],
    ['horaire', 'horaires', 'heures', 'ouverture', 'ouvert', 'ouverte', 'ferme', 'fermeture', 'quand'],
    ['atelier', 'cours', 'stage'],
    ['reservation', 'reserver', 'louer', 'location'],
    ['emploi', 'recrutement', 'recruter', 'embauche', 'poste', 'travail'],
    ['annuler', 'annulation', 'modifier'],
    ['gateau', 'gateaux', 'patisserie'],
    ['wifi', 'wi-fi', 'internet'],
    ['apporter', 'amener', 'autoriser', 'autorise', 'accepte'],
  ],
};

const cache = new Map<BotLanguage, Map<string, Set<string>>>();

/** For each stem of a group, the other stems of its groups. */
function synonymsOf(language: BotLanguage): Map<string, Set<string>> {
  let table = cache.get(language);
  if (table) return table;
  table = new Map();
  for (const group of GROUPS[language] ?? []) {
    const stems = [...new Set(group.flatMap((word) => stemmedTerms(word, language)))];
    for (const stem of stems) {
      const others = table.get(stem) ?? new Set<string>();
      for (const other of stems) if (other !== stem) others.add(other);
      table.set(stem, others);
    }
  }
  cache.set(language, table);
  return table;
}

/** Stems that count as the same word as `stem` in `language`. */
export function alternativesOf(stem: string, language: BotLanguage): ReadonlySet<string> {
  return synonymsOf(language).get(stem) ?? new Set();
}
