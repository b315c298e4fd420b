import { escapeHtml } from '../../platform/html.ts';

export function verificationEmail(name: string, link: string, validHours: number) {
  const greeting = name ? `Hello ${name},` : 'Hello,';
  return {
    subject: 'Verify your email address',
    text: `${greeting}\n\nWelcome to Chatbot Builder. Confirm your email address by opening this link:\n\n${link}\n\nThe link is valid for ${validHours} hours and can be used once. If you did not sign up, ignore this email.\n`,
    html: `<p>${escapeHtml(greeting)}</p><p>Welcome to Chatbot Builder. Confirm your email address:</p><p><a href="${escapeHtml(link)}">Verify my email</a></p><p>The link is valid for ${validHours} hours and can be used once. If you did not sign up, ignore this email.</p>`,
  };
}

export function passwordResetEmail(name: string, link: string, validMinutes: number) {
  const greeting = name ? `Hello ${name},` : 'Hello,';
  return {
    subject: 'Reset your password',
    text: `${greeting}\n\nSomeone asked to reset the password of your Chatbot Builder account. Choose a new password by opening this link:\n\n${link}\n\nThe link is valid for ${validMinutes} minutes and can be used once. Setting a new password signs you out everywhere else. If you did not ask for it, ignore this email: your password stays as it is.\n`,
    html: `<p>${escapeHtml(greeting)}</p><p>Someone asked to reset the password of your Chatbot Builder account.</p><p><a href="${escapeHtml(link)}">Choose a new password</a></p><p>The link is valid for ${validMinutes} minutes and can be used once. Setting a new password signs you out everywhere else. If you did not ask for it, ignore this email: your password stays as it is.</p>`,
  };
}

export function emailChangeEmail(name: string, link: string, validHours: number) {
  const greeting = name ? `Hello ${name},` : 'Hello,';
  return {
    subject: 'Confirm your new email address',
    text: `${greeting}\n\nYou asked to sign in to Chatbot Builder with this email address. Confirm it by opening this link:\n\n${link}\n\nUntil you do, your account keeps its current address. The link is valid for ${validHours} hours and can be used once. If you did not ask for it, ignore this email.\n`,
    html: `<p>${escapeHtml(greeting)}</p><p>You asked to sign in to Chatbot Builder with this email address.</p><p><a href="${escapeHtml(link)}">Confirm my new email address</a></p><p>Until you do, your account keeps its current address. The link is valid for ${validHours} hours and can be used once. If you did not ask for it, ignore this email.</p>`,
  };
}

/** Sent to the old address once the new one is confirmed, so an unexpected change does not go unnoticed. */
export function emailChangedNotice(name: string, newEmail: string) {
  const greeting = name ? `Hello ${name},` : 'Hello,';
  return {
    subject: 'Your email address was changed',
    text: `${greeting}\n\nYour Chatbot Builder account now signs in with ${newEmail} instead of this address. If you did not make this change, contact support at once.\n`,
    html: `<p>${escapeHtml(greeting)}</p><p>Your Chatbot Builder account now signs in with ${escapeHtml(newEmail)} instead of this address. If you did not make this change, contact support at once.</p>`,
  };
}
