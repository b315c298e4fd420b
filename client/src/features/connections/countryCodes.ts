// Country calling codes for the manual WhatsApp linking form, from libphonenumber's metadata.
// Names are shown in the interface's language (Intl.DisplayNames), from the ISO 3166 region code.
// i18next has no formatter for display names, so this is the one place besides i18n/format.ts that
// reads Intl (the lint rule on Intl lets it).
import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min';

export interface CountryCode {
  /** ISO 3166-1 alpha-2. */
  region: string;
  /** The calling code's digits, without the +. */
  dial: string;
}

/** The form's default: the United States' +1. */
export const DEFAULT_COUNTRY: CountryCode = { region: 'US', dial: getCountryCallingCode('US') };

/** Every region libphonenumber knows, the default first. */
export const COUNTRY_CODES: readonly CountryCode[] = [
  DEFAULT_COUNTRY,
  ...getCountries()
    .filter((region) => region !== DEFAULT_COUNTRY.region)
    .map((region) => ({ region, dial: getCountryCallingCode(region) })),
];

/** The countries as select options in `language`, sorted by their name there (the default first). */
export function countryOptions(language: string): { value: string; label: string }[] {
  const names = new Intl.DisplayNames([language], { type: 'region' });
  const label = (country: CountryCode) => `${names.of(country.region) ?? country.region} (+${country.dial})`;
  const [first, ...others] = COUNTRY_CODES;
  const sorted = others
    .map((country) => ({ value: country.region, label: label(country) }))
    .sort((a, b) => a.label.localeCompare(b.label, language));
  return [{ value: first!.region, label: label(first!) }, ...sorted];
}
