import type { TFunction } from 'i18next';

/**
 * The event log is written in English, once, for the admin's filters and exports; customers read
 * their activity in the interface's language. Each pattern names the parts a translation keeps.
 */
const EVENT_PATTERNS: [RegExp, string][] = [
  [/^User created with Google: (?<subject>.+)$/, 'signedUpWithGoogle'],
  [/^User created: (?<subject>.+)$/, 'signedUp'],
  [/^Email verified: (?<subject>.+)$/, 'emailVerified'],
  [/^Login failed: (?<subject>.+)$/, 'loginFailed'],
  [/^Website crawled: (?<subject>.+)$/, 'websiteCrawled'],
  [/^Crawl failed: (?<subject>.+)$/, 'crawlFailed'],
  [/^Document processing failed: (?<subject>.+)$/, 'documentFailed'],
  [/^Free trial started: (?<subject>.+)$/, 'trialStarted'],
  [/^Free trial ended: (?<subject>.+) subscribed to (?<plan>.+)$/, 'trialEnded'],
  [/^Payment paid: (?<subject>.+)$/, 'paymentPaid'],
  [/^Payment failed: (?<subject>.+)$/, 'paymentFailed'],
  [/^Subscription renewal paid: (?<subject>.+)$/, 'renewalPaid'],
  [/^Subscription canceled: (?<subject>.+)$/, 'subscriptionCanceled'],
  [/^Subscription plan changed: (?<subject>.+)$/, 'planChanged'],
  [/^Subscription upgraded and paid: (?<subject>.+)$/, 'upgradePaid'],
  [/^Subscription upgraded: (?<subject>.+)$/, 'upgraded'],
  [/^Subscription upgrade failed: (?<subject>.+)$/, 'upgradeFailed'],
  [/^(?<service>Google \w+) connected: (?<subject>.+)$/, 'googleConnected'],
  [/^(?<service>Google \w+) disconnected: (?<subject>.+)$/, 'googleDisconnected'],
  [/^Data tool synced: (?<subject>.+) into (?<bot>.+)$/, 'dataToolSynced'],
  [/^Data tool of (?<bot>.+) set to (?<subject>.+)$/, 'dataToolSet'],
  [/^Data tool sync failed for (?<bot>.+)$/, 'dataToolSyncFailed'],
  [/^Lead captured for (?<bot>.+)$/, 'leadCaptured'],
  [/^Lead delivery failed for (?<bot>.+)$/, 'leadDeliveryFailed'],
  [/^WhatsApp number linked: (?<subject>\S+) to (?<bot>.+?)(?<qr> by QR code)?$/, 'whatsAppLinked'],
  [/^WhatsApp number unlinked: (?<subject>\S+) from (?<bot>.+)$/, 'whatsAppUnlinked'],
  [/^WhatsApp answer failed for (?<bot>.+)$/, 'whatsAppAnswerFailed'],
  [/^WhatsApp message to (?<subject>\S+) failed to deliver$/, 'whatsAppUndelivered'],
];

/** An event of the log in the interface's language; one no pattern knows stays as written. */
export function activityText(event: string, t: TFunction): string {
  for (const [pattern, key] of EVENT_PATTERNS) {
    const match = pattern.exec(event);
    if (match) return t(`dashboard.events.${key}`, { ...match.groups, interpolation: { escapeValue: false } });
  }
  return event;
}
