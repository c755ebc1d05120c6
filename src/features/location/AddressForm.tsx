import { useId, useRef, useState, type SubmitEvent } from 'react';
import { ADDRESS_TYPES, type AddressType } from './address.ts';
import { REQUIRED_FIELDS, validateAddressForm, type AddressForm as Fields, type AddressFormErrors, type AddressFormField } from './address-form.ts';

interface Props {
  initial: Fields;
  onSave: (form: Fields) => Promise<void>;
  onCancel: () => void;
}

const LABELS: Record<Exclude<AddressFormField, 'address_type'>, string> = {
  house_number: 'House / flat number',
  building: 'Building or apartment',
  street: 'Street',
  landmark: 'Landmark',
  locality: 'Locality / area',
  city: 'City',
  state: 'State',
  pin_code: 'Pin code',
  name: 'Name for this address',
};

const ORDER = ['house_number', 'building', 'street', 'landmark', 'locality', 'city', 'state', 'pin_code', 'name'] as const;

const TYPE_LABELS: Record<AddressType, string> = { HOME: 'Home', WORK: 'Work', OTHER: 'Other' };

/** The address form of issue 5: required fields marked, each error shown next to its field. */
export default function AddressForm({ initial, onSave, onCancel }: Props) {
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
      <h2 id={`${id}-title`}>Address details</h2>
      <p className="address-form__hint">Fields marked <span aria-hidden="true">*</span><span className="visually-hidden">with an asterisk</span> are required.</p>
      {ORDER.map((field) => {
        const required = REQUIRED_FIELDS.includes(field);
        const error = errors[field];
        const inputId = `${id}-${field}`;
        return (
          <div className="field" key={field}>
            <label htmlFor={inputId}>
              {LABELS[field]}
              {required && <span className="field__required" aria-hidden="true"> *</span>}
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
                {error}
              </p>
            )}
          </div>
        );
      })}
      <fieldset className="field address-form__types">
        <legend>Save as</legend>
        {ADDRESS_TYPES.map((type) => (
          <label key={type} className="chip-radio">
            <input type="radio" name="address_type" value={type} checked={form.address_type === type} onChange={() => setForm((f) => ({ ...f, address_type: type }))} />
            <span>{TYPE_LABELS[type]}</span>
          </label>
        ))}
      </fieldset>
      {failure && <p className="field__error" role="alert">{failure}</p>}
      <div className="picker__actions">
        <button type="submit" className="button" disabled={saving}>
          {saving ? 'Saving…' : 'Save address'}
        </button>
        <button type="button" className="button button--quiet" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
