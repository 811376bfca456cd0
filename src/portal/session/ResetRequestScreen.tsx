import { Alert, Anchor, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { requestPasswordReset } from '../api/accounts';
import { ApiError } from '../api/errors';
import { AuthCard } from './AuthCard';
import { paths } from '../../lib/paths';
import { PrimaryAction } from '../ui/actions';

type Outcome = { sent: true } | { sent: false; message: string };

export function ResetRequestScreen() {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: { email: (value) => (value.trim() ? null : 'Please enter your email') },
  });

  const submit = form.onSubmit(async ({ email }) => {
    setOutcome(null);
    setSubmitting(true);
    try {
      await requestPasswordReset(email.trim());
      setOutcome({ sent: true });
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.email) form.setFieldError('email', error.fieldErrors.email[0]);
      else setOutcome({ sent: false, message: error instanceof Error ? error.message : String(error) });
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <AuthCard title="Reset Password">
      <form onSubmit={submit} noValidate>
        <Stack>
          {outcome && (
            <Alert
              color={outcome.sent ? 'green' : 'red'}
              role={outcome.sent ? 'status' : 'alert'}
              withCloseButton
              closeButtonLabel="Dismiss"
              onClose={() => setOutcome(null)}
            >
              {outcome.sent ? 'Email has been sent Successfully' : outcome.message}
            </Alert>
          )}
          <TextInput label="Email" type="email" autoComplete="email" withAsterisk {...form.getInputProps('email')} />
          <PrimaryAction type="submit" loading={submitting}>
            Send
          </PrimaryAction>
          <Anchor component={Link} to={paths.login()} ta="center" py="xs">
            Back to Login
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
