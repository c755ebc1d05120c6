import { useId, useRef, useState, type SubmitEvent } from 'react';
import type { Catalogue } from '#/features/i18n/catalogue.ts';
import { specText } from '#/features/i18n/client-text.ts';
import { ADDRESS_TYPES, type AddressType } from './address.ts';
import { REQUIRED_FIELDS, validateAddressForm, type AddressForm as Fields, type AddressFormErrors, type AddressFormField } from './address-form.ts';

interface Props {
  initial: Fields;
  onSave: (form: Fields) => Promise<void>;
  onCancel: () => void;
  t: Catalogue['location'];
}

const LABEL_KEYS = {
  house_number: 'houseNumber',
  building: 'building',
  street: 'street',
  landmark: 'landmark',
  locality: 'locality',
  city: 'city',
  state: 'state',
  pin_code: 'pinCode',
  name: 'name',
} as const satisfies Record<Exclude<AddressFormField, 'address_type'>, keyof Catalogue['location']>;

const ORDER = ['house_number', 'building', 'street', 'landmark', 'locality', 'city', 'state', 'pin_code', 'name'] as const;

/** The address form of issue 5: required fields marked, each error shown next to its field. */
/** An address type as the shopper reads it. */
export function typeLabel(type: AddressType, t: Catalogue['location']): string {
  return type === 'HOME' ? t.home : type === 'WORK' ? t.work : t.other;
}

export default function AddressForm({ initial, onSave, onCancel, t }: Props) {
  const id = useId();
  const [form, setForm] = useState<Fields>(initial);
  const [errors, setErrors] = useState<AddressFormErrors>({});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const set = (field: AddressFormField, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    const found = validateAddressForm(form);
    setErrors(found);
    const first = ORDER.find((f) => found[f]);
    if (first) {
      formRef.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setSaving(true);
    setFailure(null);
    try {
      await onSave(form);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'Something went wrong');
    } finally {
      setSaving(false);
    }
  };

  return (
    <form ref={formRef} className="address-form" onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t.detailsTitle}</h2>
      <p className="address-form__hint">
        {t.requiredHint} <span aria-hidden="true">*</span>
        <span className="visually-hidden">{t.withAsterisk}</span> {t.requiredHintEnd}
      </p>
      {ORDER.map((field) => {
        const required = REQUIRED_FIELDS.includes(field);
        const error = errors[field];
        const inputId = `${id}-${field}`;
        return (
          <div className="field" key={field}>
            <label htmlFor={inputId}>
              {t[LABEL_KEYS[field]]}
              {required && (
                <span className="field__required" aria-hidden="true">
                  {' '}
                  *
                </span>
              )}
            </label>
            <input
              id={inputId}
              name={field}
              value={form[field]}
              onChange={(e) => set(field, e.target.value)}
              required={required}
              aria-required={required}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${inputId}-error` : undefined}
              {...(field === 'pin_code' ? { inputMode: 'numeric' as const, maxLength: 6, autoComplete: 'postal-code' } : {})}
            />
            {error && (
              <p className="field__error" id={`${inputId}-error`}>
                {specText(error)}
              </p>
            )}
          </div>
        );
      })}
      <fieldset className="field address-form__types">
        <legend>{t.saveAs}</legend>
        {ADDRESS_TYPES.map((type) => (
          <label key={type} className="chip-radio">
            <input
              type="radio"
              name="address_type"
              value={type}
              checked={form.address_type === type}
              onChange={() => setForm((f) => ({ ...f, address_type: type }))}
            />
            <span>{typeLabel(type, t)}</span>
          </label>
        ))}
      </fieldset>
      {failure && (
        <p className="field__error" role="alert">
          {specText(failure)}
        </p>
      )}
      <div className="picker__actions">
        <button type="submit" className="button" disabled={saving}>
          {saving ? t.saving : t.save}
        </button>
        <button type="button" className="button button--quiet" onClick={onCancel}>
          {t.cancel}
        </button>
      </div>
    </form>
  );
}
