'use client';
// A searchable list picker (diseases, hospitals): type to search the server's list, arrows and Enter to choose.
// downshift gives the WAI-ARIA combobox (roles, active option, keyboard); this file only fetches and draws.
import { useEffect, useState, type ReactNode } from 'react';
import { useCombobox } from 'downshift';
import useSWR from 'swr';
import { PICKER_SEARCH_DELAY_MS } from '@/lib/constants/fundraisers';
import { FieldNotes } from '@/components/forms/Field';

export interface PickerItem {
  id: number;
  name: string;
  detail?: string | null;
}

export interface SearchPickerProps {
  id: string;
  label: string;
  /** the list's API, searched with ?q= */
  source: string;
  /** maps the API's rows to items */
  toItem: (row: Record<string, unknown>) => PickerItem;
  value: PickerItem | null;
  onChange: (item: PickerItem | null) => void;
  placeholder?: string;
  error?: string;
  hint?: string;
  labels: { loading: string; empty: string; failed: string };
  /** shown under the field, above the open list (which drops below it): e.g. "My hospital isn't listed" */
  after?: ReactNode;
}

const fetchList = async (url: string): Promise<Record<string, unknown>[]> => {
  const r = await fetch(url);
  if (!r.ok) throw new Error(String(r.status));
  return ((await r.json()) as { data: Record<string, unknown>[] }).data;
};

export function SearchPicker({ id, label, source, toItem, value, onChange, placeholder, error, hint, labels, after }: SearchPickerProps) {
  const [input, setInput] = useState(value?.name ?? '');
  const [query, setQuery] = useState('');
  // one request per pause in typing, not per key
  useEffect(() => {
    const timer = setTimeout(() => setQuery(input.trim()), PICKER_SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [input]);
  const searching = value && input === value.name ? '' : query;
  const { data, error: failed, isLoading } = useSWR(`${source}${searching ? `?${new URLSearchParams({ q: searching })}` : ''}`, fetchList, { keepPreviousData: true, revalidateOnFocus: false });
  const items = (data ?? []).map(toItem);

  const { isOpen, getLabelProps, getInputProps, getMenuProps, getItemProps, highlightedIndex } = useCombobox<PickerItem>({
    items,
    inputId: id,
    labelId: `${id}-label`,
    menuId: `${id}-menu`,
    itemToString: (item) => item?.name ?? '',
    selectedItem: value,
    inputValue: input,
    onInputValueChange: ({ inputValue, type }) => {
      setInput(inputValue ?? '');
      // typing over a choice clears it: the draft never keeps a name that is not on the list
      if (type === useCombobox.stateChangeTypes.InputChange && value) onChange(null);
    },
    onSelectedItemChange: ({ selectedItem }) => onChange(selectedItem ?? null),
  });

  const hintId = hint ? `${id}-help` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="field picker">
      <label {...getLabelProps()}>{label}</label>
      <input
        {...getInputProps({
          placeholder,
          autoComplete: 'off',
          spellCheck: false,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
        })}
      />
      <ul {...getMenuProps()} className={`picker-menu${isOpen ? ' open' : ''}`}>
        {isOpen && failed && <li className="picker-note">{labels.failed}</li>}
        {isOpen && !failed && isLoading && !items.length && <li className="picker-note">{labels.loading}</li>}
        {isOpen && !failed && !isLoading && !items.length && <li className="picker-note">{labels.empty}</li>}
        {isOpen &&
          items.map((item, index) => (
            <li key={item.id} className={`picker-option${highlightedIndex === index ? ' active' : ''}${value?.id === item.id ? ' chosen' : ''}`} {...getItemProps({ item, index })}>
              <span>{item.name}</span>
              {item.detail && <span className="muted">{item.detail}</span>}
            </li>
          ))}
      </ul>
      <FieldNotes id={id} hint={hint} error={error} />
      {after}
    </div>
  );
}
