import { Alert, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { loginFailureMessage } from './login-failure';
import { useSession } from './session-context';
import { PrimaryAction, SecondaryAction } from '../ui/actions';

export interface SessionExpiredDialogProps {
  /** Whether the session needs a sign-in now (needs-sign-in.tsx asks, which loads this module). */
  needsSignIn: boolean;
  title: string;
}

/** Sign in again without losing anything: the queued changes wait, then go once signed in. */
export function SessionExpiredDialog({ needsSignIn, title }: SessionExpiredDialogProps) {
  const { user, reauthenticate, signInDismissed, dismissSignIn } = useSession();
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: user?.email ?? '', password: '' },
    validate: {
      email: (value) => (value.trim() ? null : 'Email is required'),
      password: (value) => (value ? null : 'Password is required'),
    },
  });

  const submit = form.onSubmit(async ({ email, password }) => {
    setFailure(null);
    setSubmitting(true);
    try {
      await reauthenticate({ email: email.trim(), password });
      form.setFieldValue('password', '');
    } catch (error) {
      setFailure(loginFailureMessage(error));
      form.setFieldValue('password', '');
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <Modal opened={needsSignIn && !signInDismissed} onClose={dismissSignIn} title={title} closeOnClickOutside={false}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">Your changes are kept on this device and will be sent once you sign in.</Text>
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <TextInput label="Email" type="email" autoComplete="username" withAsterisk {...form.getInputProps('email')} />
          <PasswordInput label="Password" autoComplete="current-password" withAsterisk {...form.getInputProps('password')} />
          <Group justify="flex-end">
            <SecondaryAction onClick={dismissSignIn}>Later</SecondaryAction>
            <PrimaryAction type="submit" loading={submitting}>
              Sign in
            </PrimaryAction>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
