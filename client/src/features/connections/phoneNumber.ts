// The manual linking form's rules (spec 001 §5): digits only while typing, at most 15; 7 to 15
// digits with no leading zero to link. The server checks the same rule on the full number. On top,
// the number must have a length its calling code allows (libphonenumber): the Caribbean's +1
// countries need their area code typed, as the calling code no longer carries it.
import { validatePhoneNumberLength } from 'libphonenumber-js/min';

export const MAX_NUMBER_LENGTH = 15;

/** What the input keeps of what was typed or pasted: digits, at most 15. */
export function numberInput(typed: string): string {
  return typed.replace(/\D/g, '').slice(0, MAX_NUMBER_LENGTH);
}

export type NumberCheck = { ok: true; phoneNumber: string } | { ok: false; problem: 'missingNumber' | 'invalidNumber' | 'missingBot' };

/** The number to link (country code followed by the digits), or what is wrong with the form. */
export function checkNumberToLink(botId: string | null, countryDial: string, typed: string): NumberCheck {
  if (!botId) return { ok: false, problem: 'missingBot' };
  if (typed.trim() === '') return { ok: false, problem: 'missingNumber' };
  const digits = typed.replace(/\D/g, '');
  if (!/^[1-9]\d{6,14}$/.test(digits) || validatePhoneNumberLength(digits, { defaultCallingCode: countryDial }) !== undefined) {
    return { ok: false, problem: 'invalidNumber' };
  }
  return { ok: true, phoneNumber: `${countryDial}${digits}` };
}
