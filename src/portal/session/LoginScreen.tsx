import { Alert, Anchor, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { AuthCard } from './AuthCard';
import { loginFailureMessage } from './login-failure';
import { ScreenLink } from './screen-link';
import { useSession } from './session-context';
import { paths } from '../../lib/paths';
import { PrimaryAction } from '../ui/actions';

type Field = 'email' | 'password';

const REQUIRED: Record<Field, (value: string) => boolean> = {
  email: (value) => value.trim() !== '',
  password: (value) => value !== '',
};
const MISSING: Record<Field, string> = { email: 'Email is required', password: 'Password is required' };

// Two fields in plain React state rather than @mantine/form, which the other forms use: it was the only thing
// in the /login bundle that needed the form library (about 6 kB gzip). Same behaviour: errors on
// submit, a field's error cleared as soon as it is edited.
export function LoginScreen() {
  const { login } = useSession();
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [values, setValues] = useState<Record<Field, string>>({ email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const inputProps = (field: Field) => ({
    value: values[field],
    error: errors[field],
    onChange: (event: { currentTarget: HTMLInputElement }) => {
      const { value } = event.currentTarget;
      setValues((current) => ({ ...current, [field]: value }));
      setErrors((current) => ({ ...current, [field]: undefined }));
    },
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const missing = (Object.keys(MISSING) as Field[]).filter((field) => !REQUIRED[field](values[field]));
    setErrors(Object.fromEntries(missing.map((field) => [field, MISSING[field]])));
    if (missing.length > 0) return;
    setFailure(null);
    setSubmitting(true);
    try {
      await login({ email: values.email.trim(), password: values.password });
    } catch (error) {
      setFailure(loginFailureMessage(error));
      setValues((current) => ({ ...current, password: '' }));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title="Login">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          {failure && (
            <Alert color="red" role="alert" withCloseButton closeButtonLabel="Dismiss" onClose={() => setFailure(null)}>
              {failure}
            </Alert>
          )}
          <TextInput label="Email" type="email" autoComplete="username" withAsterisk {...inputProps('email')} />
          <PasswordInput label="Password" autoComplete="current-password" withAsterisk {...inputProps('password')} />
          <PrimaryAction type="submit" loading={submitting}>
            Login
          </PrimaryAction>
          <Anchor component={ScreenLink} to={paths.resetRequest()} ta="center" py="xs">
            Forgot Password
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
