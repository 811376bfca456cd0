import { Alert, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { confirmPasswordReset } from '../api/accounts';
import { ApiError } from '../api/errors';
import { AuthCard } from './AuthCard';
import { PrimaryAction } from '../ui/actions';

const PASSWORD_MISMATCH = 'Password does not Match';

export function ResetConfirmScreen() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { new_password: '', new_password1: '' },
    validate: {
      new_password: (value) => (value ? null : 'New Password is required'),
      new_password1: (value) => (value ? null : 'Confirm Password is required'),
    },
  });

  const submit = form.onSubmit(async (values) => {
    if (values.new_password !== values.new_password1) {
      setFailure(PASSWORD_MISMATCH);
      return;
    }
    setFailure(null);
    setSubmitting(true);
    try {
      await confirmPasswordReset({ ...values, token });
      navigate('/', { replace: true });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const { new_password, new_password1, ...others } = error.fieldErrors;
      if (new_password?.[0]) form.setFieldError('new_password', new_password[0]);
      if (new_password1?.[0]) form.setFieldError('new_password1', new_password1[0]);
      const general = Object.values(others)[0]?.[0];
      if (general || !(new_password || new_password1)) setFailure(general ?? error.message);
      setSubmitting(false);
    }
  });

  return (
    <AuthCard title="New Password">
      <form onSubmit={submit} noValidate>
        <Stack>
          {failure && (
            <Alert color="red" role="alert" withCloseButton closeButtonLabel="Dismiss" onClose={() => setFailure(null)}>
              {failure}
            </Alert>
          )}
          <PasswordInput label="New Password" autoComplete="new-password" withAsterisk {...form.getInputProps('new_password')} />
          <PasswordInput label="Confirm Password" autoComplete="new-password" withAsterisk {...form.getInputProps('new_password1')} />
          <PrimaryAction type="submit" loading={submitting}>
            Save
          </PrimaryAction>
        </Stack>
      </form>
    </AuthCard>
  );
}
