// The plan a visitor picked on a landing card, remembered in this browser from sign-up, through
// email verification, to the first sign-in, which then goes to billing (spec 000 §2, landing gate).

const PLAN_CHOICE_KEY = 'planSelection';

export function rememberPlanChoice(plan: string): void {
  localStorage.setItem(PLAN_CHOICE_KEY, plan);
}

/** Where a customer goes after signing in: billing once, when they came by choosing a plan; else `home`. */
export function landingAfterSignIn(home: string, isCustomer: boolean): string {
  const chosen = localStorage.getItem(PLAN_CHOICE_KEY);
  if (!chosen || !isCustomer) return home;
  localStorage.removeItem(PLAN_CHOICE_KEY);
  return '/billing';
}
