'use client';
// one phone field for every country: a country picker (its letters and +code shown, the name read out)
// beside the number. The picker sets the dialling code ('+1'); the server turns code and number into E.164.
import { useEffect, useMemo, useState, type InputHTMLAttributes } from 'react';
import { flushSync } from 'react-dom';
import type { CountryCode } from '@/lib/phone/countries';
import { INDIA_COUNTRY, INDIA_EXTENSION } from '@/lib/constants/people';
import { FieldNotes } from './Field';

type Dialling = typeof import('@/lib/phone/dialling');

// loaded once per page: a field shown again (the sign-in form's "change number") has its list at once
let loaded: Dialling | null = null;
const loadDialling = async () => (loaded ??= await import('@/lib/phone/dialling'));

interface Props {
  /** the number input's id; the picker's is `${id}-country` unless countryId says otherwise */
  id: string;
  countryId?: string;
  label: string;
  /** the picker's accessible name ('Country code') */
  countryLabel: string;
  locale: string;
  /** the dialling code now chosen ('+91') */
  extension: string;
  onExtensionChange: (extension: string) => void;
  /** the number input's own props (value and onChange, or react-hook-form's register) */
  inputProps: InputHTMLAttributes<HTMLInputElement> & { ref?: React.Ref<HTMLInputElement> };
  error?: string;
  hint?: string;
  /** false while the field may hold an email instead (the sign-in contact field): the picker waits for digits */
  withCountry?: boolean;
}

export function PhoneField({ id, countryId = `${id}-country`, label, countryLabel, locale, extension, onExtensionChange, inputProps, error, hint, withCountry = true }: Props) {
  // the table of 245 countries comes after the page is usable: the first load stays as light as it was before the picker
  const [dialling, setDialling] = useState<Dialling | null>(loaded);
  useEffect(() => {
    if (!withCountry || dialling) return;
    let live = true;
    void loadDialling().then((of) => live && setDialling(of));
    return () => {
      live = false;
    };
  }, [withCountry, dialling]);
  // the list itself (245 region names, a sort, 245 options) is built when the donor reaches for the picker: most never
  // do, and built after hydration it was the payment page's longest task on a slow phone
  const [wanted, setWanted] = useState(false);
  // synchronously, inside the focus or press, so the options are there before the native picker opens
  const want = () => !wanted && flushSync(() => setWanted(true));
  const countries = useMemo(() => (dialling && wanted ? dialling.phoneCountries(locale) : null), [dialling, wanted, locale]);
  // the country, not only its code: Canada and the US share +1
  const [country, setCountry] = useState<CountryCode | null>(null);
  const shown: CountryCode | '' = dialling ? (country && dialling.extensionOf(country) === extension ? country : dialling.countryForExtension(extension)) : extension === INDIA_EXTENSION ? INDIA_COUNTRY : '';
  const describedBy = [hint ? `${id}-help` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field phone-field">
      <label htmlFor={id}>{label}</label>
      {/* number and code read left to right in every language (+91 never becomes 91+) */}
      <div className="phone-field-row" dir="ltr">
        {/* the number input keeps its place (and focus) when the picker appears before it */}
        {withCountry && (
        <span className="phone-country">
          <span className="phone-country-face" aria-hidden>
            {/* the country's letters, not a flag emoji: Windows and many fonts draw flags as two empty boxes */}
            {shown && <span className="phone-iso">{shown}</span>}
            {dialling && shown ? dialling.extensionOf(shown) : extension}
          </span>
          <select
            id={countryId}
            aria-label={countryLabel}
            value={shown}
            onFocus={want}
            onPointerDown={want}
            onChange={(e) => {
              const next = e.target.value as CountryCode;
              if (!dialling || !countries?.some((c) => c.country === next)) return;
              setCountry(next);
              onExtensionChange(dialling.extensionOf(next));
            }}
          >
            {countries ? (
              countries.map((c) => (
                <option key={c.country} value={c.country}>
                  {`${c.name} (${c.extension})`}
                </option>
              ))
            ) : (
              // until the list is wanted and has arrived, the code already chosen
              <option value={shown}>{extension}</option>
            )}
          </select>
        </span>
        )}
        <input id={id} type="tel" inputMode="tel" autoComplete="tel-national" aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...inputProps} />
      </div>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}
