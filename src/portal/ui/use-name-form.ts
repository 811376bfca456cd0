import { useForm } from '@mantine/form';
import { useState } from 'react';
import { notifyDone, notifyError } from './notify';

/** A name as checked before saving: the name to save, or the message that shows under the field. */
export type CheckedName = { name: string } | { error: string };

export interface NameFormOptions {
  check: (name: string) => CheckedName;
  save: (name: string) => Promise<unknown>;
  /** The notices after saving, e.g. "Category added" and "The category could not be added". */
  savedMessage: string;
  failedMessage: string;
  /** After the notice: empty the field for the next name, or leave the screen. */
  onSaved: (form: { reset: () => void }) => void;
}

/**
 * The form of a record that is only a name: a name the check refuses shows its message under the field; a
 * failed save keeps the typed name there (a full disk saved nothing) and says so.
 */
export function useNameForm(initialName: string, { check, save, savedMessage, failedMessage, onSaved }: NameFormOptions) {
  const [saving, setSaving] = useState(false);
  const form = useForm({ mode: 'controlled', initialValues: { name: initialName } });

  const submit = form.onSubmit(async ({ name }) => {
    const checked = check(name);
    if ('error' in checked) {
      form.setFieldError('name', checked.error);
      return;
    }
    setSaving(true);
    try {
      await save(checked.name);
      notifyDone(savedMessage);
      onSaved(form);
    } catch (error) {
      notifyError(error, failedMessage);
    } finally {
      setSaving(false);
    }
  });
  return { form, saving, submit };
}
