// Knowledge and questions for benches that must not be answered from a cache: each bot a shop of its
// own, each question worded like a visitor's and never the same text twice (an order or bike number
// that changes), so that every answer retrieves.

const CITIES = ['Lyon', 'Annecy', 'Nantes', 'Lille', 'Rennes', 'Dijon', 'Reims', 'Brest', 'Metz', 'Nice', 'Tours', 'Caen'];
const PRODUCTS = ['Urban', 'Trail', 'Cargo', 'Folding', 'Gravel', 'Junior'];

/** What shop `shop` publishes: delivery, refunds, opening hours and a model's price, in its own words. */
export function shopFacts(shop: number): string {
  const city = CITIES[shop % CITIES.length]!;
  const product = PRODUCTS[shop % PRODUCTS.length]!;
  return [
    `Delivery. Orders ship from our ${city} warehouse within ${2 + (shop % 3)} business days.`,
    `Refund policy. Refunds are accepted within ${14 + (shop % 4) * 7} days of delivery when the bike is unused.`,
    `Opening hours. The ${city} store opens at ${8 + (shop % 3)} am from Monday to Saturday.`,
    `Prices. The ${product} model costs ${900 + shop * 10} euros including the lock.`,
    `Repairs. Our mechanics in ${city} repair any bike within ${24 + (shop % 2) * 24} hours.`,
  ].join('\n\n');
}

const QUESTIONS = [
  (n: number) => `Where does order ${n} ship from?`,
  (n: number) => `Can I still get a refund for bike ${n}?`,
  (n: number) => `When does the store open? I want to pick up order ${n}.`,
  (n: number) => `How much does the model in quote ${n} cost?`,
  (n: number) => `How long does a repair take for bike ${n}?`,
];

/** The `n`th question of a bench: no two `n` give the same text. */
export const variedQuestion = (n: number): string => QUESTIONS[n % QUESTIONS.length]!(n);
