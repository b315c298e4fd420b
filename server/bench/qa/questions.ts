// The offline answerer's evaluation: paraphrased questions about the corpus in ./corpus (a small
// bakery's help pages), each with what a correct answer must contain and the document it comes
// from, plus questions the corpus cannot answer, which must be refused.

export interface QaQuestion {
  question: string;
  language: 'en' | 'fr';
  /** A correct answer contains one of these (case and accents ignored); none for unanswerable ones. */
  expect?: string[];
  /** The document the answer should cite. */
  source?: string;
}

export const QA_QUESTIONS: QaQuestion[] = [
  { question: 'What are your opening hours?', language: 'en', expect: ['7am to 6pm'], source: 'visiting.md' },
  { question: 'Can I come by on a Monday?', language: 'en', expect: ['closed on Mondays'], source: 'visiting.md' },
  { question: 'Until what time do you serve warm meals?', language: 'en', expect: ['3pm'], source: 'visiting.md' },
  { question: 'Where do I park my car?', language: 'en', expect: ['Harbour Garage'], source: 'visiting.md' },
  { question: 'Which bus takes me to the bakery?', language: 'en', expect: ['number 12 bus'], source: 'visiting.md' },
  { question: 'Is the shop wheelchair accessible?', language: 'en', expect: ['ramp', 'step-free'], source: 'visiting.md' },
  { question: 'Can I bring my dog inside?', language: 'en', expect: ['terrace only', 'assistance dogs'], source: 'visiting.md' },
  { question: 'How do I get the wifi password?', language: 'en', expect: ['printed on your receipt'], source: 'visiting.md' },
  {
    question: 'Am I allowed to work on my laptop during the weekend?',
    language: 'en',
    expect: ['not to work at the big tables'],
    source: 'visiting.md',
  },
  { question: 'How far in advance should I order a birthday cake?', language: 'en', expect: ['72 hours'], source: 'orders.md' },
  { question: 'How much deposit do you take for cakes?', language: 'en', expect: ['30%'], source: 'orders.md' },
  { question: 'How early must a wedding cake be ordered?', language: 'en', expect: ['three weeks'], source: 'orders.md' },
  { question: 'What does delivery cost?', language: 'en', expect: ['€4.50', '4.50'], source: 'orders.md' },
  { question: 'When is shipping free?', language: 'en', expect: ['above €40', '€40'], source: 'orders.md' },
  { question: 'Do you deliver to my area 8 km away?', language: 'en', expect: ['5 km radius'], source: 'orders.md' },
  { question: 'Can I cancel my order?', language: 'en', expect: ['48 hours'], source: 'orders.md' },
  { question: 'What happens to orders nobody picks up?', language: 'en', expect: ['Food Bank'], source: 'orders.md' },
  { question: 'What should I bring when collecting my order?', language: 'en', expect: ['order number'], source: 'orders.md' },
  { question: 'Is your flour organic?', language: 'en', expect: ['organic flour'], source: 'food.md' },
  { question: 'How long is the sourdough fermented?', language: 'en', expect: ['36 hours'], source: 'food.md' },
  { question: 'Do you bake gluten free bread?', language: 'en', expect: ['Thursdays'], source: 'food.md' },
  { question: 'Which of your products are vegan?', language: 'en', expect: ['rye loaf', 'green leaf'], source: 'food.md' },
  { question: 'Is plant milk charged extra?', language: 'en', expect: ['cost nothing extra'], source: 'food.md' },
  { question: 'Who roasts your coffee beans?', language: 'en', expect: ['Tidewater Roasters'], source: 'food.md' },
  { question: "What do you do with yesterday's bread?", language: 'en', expect: ['half price'], source: 'food.md' },
  { question: 'How does the loyalty scheme work?', language: 'en', expect: ['tenth drink'], source: 'loyalty.md' },
  { question: 'Do my stamps expire?', language: 'en', expect: ['do not expire'], source: 'loyalty.md' },
  { question: 'How long can a gift voucher be used?', language: 'en', expect: ['two years'], source: 'loyalty.md' },
  { question: 'Can I pay with a cheque?', language: 'en', expect: ['do not accept cheques'], source: 'loyalty.md' },
  { question: 'Is there a minimum amount for paying by card?', language: 'en', expect: ['€2'], source: 'loyalty.md' },
  { question: 'How do I get my money back for a bad product?', language: 'en', expect: ['within 24 hours'], source: 'loyalty.md' },
  { question: 'When is the sourdough baking class?', language: 'en', expect: ['first Saturday'], source: 'events.md' },
  { question: 'How much is the workshop?', language: 'en', expect: ['€65'], source: 'events.md' },
  { question: 'Can I rent the room upstairs for a party?', language: 'en', expect: ['30 guests'], source: 'events.md' },
  { question: 'Are you recruiting?', language: 'en', expect: ['seasonal staff'], source: 'events.md' },
  { question: 'Quelles sont vos heures d’ouverture ?', language: 'fr', expect: ['7 h a 18 h'], source: 'livraison-fr.md' },
  { question: 'Combien coûte la livraison à domicile ?', language: 'fr', expect: ['4,50'], source: 'livraison-fr.md' },
  {
    question: 'Combien de temps à l’avance faut-il commander un gâteau ?',
    language: 'fr',
    expect: ['72 heures'],
    source: 'livraison-fr.md',
  },
  { question: 'Quand préparez-vous le pain sans gluten ?', language: 'fr', expect: ['jeudi'], source: 'livraison-fr.md' },
  { question: 'Quel est le prix de l’atelier levain ?', language: 'fr', expect: ['65'], source: 'livraison-fr.md' },
  { question: 'Do you sell train tickets?', language: 'en' },
  { question: 'What is the capital of Australia?', language: 'en' },
  { question: 'Do you repair bicycles?', language: 'en' },
  { question: 'Proposez-vous des cours de yoga ?', language: 'fr' },
];
