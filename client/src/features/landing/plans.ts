/** The landing's static plans (spec 000, section 9): names and features are i18n keys. */
export interface LandingPlan {
  id: 'starter' | 'pro' | 'enterprise';
  price: number;
  features: readonly string[];
  popular: boolean;
}

export const LANDING_PLANS: readonly LandingPlan[] = [
  { id: 'starter', price: 9, popular: false, features: ['chatbots3', 'storage500mb', 'basicAnalytics', 'emailSupport'] },
  { id: 'pro', price: 19, popular: true, features: ['chatbots15', 'storage2gb', 'apiAccess', 'whiteLabel', 'leadCapture'] },
  { id: 'enterprise', price: 49, popular: false, features: ['unlimitedChatbots', 'unlimitedStorage', 'uptimeSla', 'onPremise'] },
];
