import { Alert, Anchor, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { AuthCard } from './AuthCard';
import { loginFailureMessage } from './login-failure';
import { useSession } from './session-context';
import { paths } from '../lib/paths';
import { PrimaryAction } from '../ui/actions';

export function LoginScreen() {
  const { login } = useSession();
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', password: '' },
    validate: {
      email: (value) => (value.trim() ? null : 'Email is required'),
      password: (value) => (value ? null : 'Password is required'),
    },
  });

  const submit = form.onSubmit(async ({ email, password }) => {
    setFailure(null);
    setSubmitting(true);
    try {
      await login({ email: email.trim(), password });
    } catch (error) {
      setFailure(loginFailureMessage(error));
      form.setFieldValue('password', '');
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <AuthCard title="Login">
      <form onSubmit={submit} noValidate>
        <Stack>
          {failure && (
            <Alert color="red" role="alert" withCloseButton closeButtonLabel="Dismiss" onClose={() => setFailure(null)}>
              {failure}
            </Alert>
          )}
          <TextInput label="Email" type="email" autoComplete="username" withAsterisk {...form.getInputProps('email')} />
          <PasswordInput label="Password" autoComplete="current-password" withAsterisk {...form.getInputProps('password')} />
          <PrimaryAction type="submit" loading={submitting}>
            Login
          </PrimaryAction>
          <Anchor component={Link} to={paths.resetRequest()} ta="center" py="xs">
            Forgot Password
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
