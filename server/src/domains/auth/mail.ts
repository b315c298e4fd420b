export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

export function verificationEmail(name: string, link: string, validHours: number) {
  const greeting = name ? `Hello ${name},` : 'Hello,';
  return {
    subject: 'Verify your email address',
    text: `${greeting}\n\nWelcome to Chatbot Builder. Confirm your email address by opening this link:\n\n${link}\n\nThe link is valid for ${validHours} hours and can be used once. If you did not sign up, ignore this email.\n`,
    html: `<p>${escapeHtml(greeting)}</p><p>Welcome to Chatbot Builder. Confirm your email address:</p><p><a href="${escapeHtml(link)}">Verify my email</a></p><p>The link is valid for ${validHours} hours and can be used once. If you did not sign up, ignore this email.</p>`,
  };
}
