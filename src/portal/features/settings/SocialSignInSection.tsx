import { Code, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { PrimaryAction, SecondaryAction } from '../../ui/actions';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { fetchClientOidc, saveClientOidc, type ClientOidc } from '../../api/client-oidc';
import { ApiError, readableMessage } from '../../api/errors';
import { TEXT_LIMITS } from '../../../lib/contract/limits';
import { notifyError, showFieldErrors, showNotice } from '../../ui/notify';
import { SETTINGS_FAILED_MESSAGE } from './setting-messages';
import { SOCIAL_SIGN_IN_FIELDS, socialSignInPayload, socialSignInValues, type SocialSignInValues } from './social-sign-in';

// The client's OpenID Connect provider, with which participants join SOCIAL_BASED (or BOTH) quizzes:
// shown only when the client has social_auth_feature, read and saved online only like the rest of the screen.

const SECRET_KEPT_PLACEHOLDER = 'A secret is kept: leave empty to keep it';

function SocialSignInForm({ saved, online, onSaved }: { saved: ClientOidc; online: boolean; onSaved: (answer: ClientOidc) => void }) {
  const [saving, setSaving] = useState(false);
  const form = useForm<SocialSignInValues>({ mode: 'controlled', initialValues: socialSignInValues(saved) });

  const submit = form.onSubmit(async (values) => {
    const checked = socialSignInPayload(values, saved.has_secret);
    if (checked.errors) {
      form.setErrors(checked.errors);
      return;
    }
    setSaving(true);
    try {
      const answer = await saveClientOidc(checked.payload);
      showNotice({ color: 'green', title: 'Social sign-in saved', message: `Players see “Sign in with ${answer.label}”.` });
      onSaved(answer);
    } catch (error) {
      if (error instanceof ApiError) showFieldErrors(form.setErrors, error.fieldErrors, SOCIAL_SIGN_IN_FIELDS);
      notifyError(error, SETTINGS_FAILED_MESSAGE);
      setSaving(false);
    }
  });

  return (
    <Paper withBorder p="md" component="form" onSubmit={submit} noValidate aria-labelledby="social-sign-in-title">
      <Stack>
        <Title order={2} size="h3" id="social-sign-in-title">
          Social sign-in
        </Title>
        <Text size="sm">
          Players of quizzes that use social sign-in join with an account at this OpenID Connect provider. Register this portal there as a
          web client with the scopes openid, email and profile and the redirect URI{' '}
          {/* One long word in a code span, which does not wrap by itself: a 320 px phone would scroll sideways. */}
          <Code style={{ overflowWrap: 'anywhere' }}>{saved.redirect_uri}</Code>
        </Text>
        <TextInput
          label="Issuer URL"
          type="url"
          placeholder="https://accounts.google.com"
          maxLength={TEXT_LIMITS.url}
          disabled={!online}
          {...form.getInputProps('issuer')}
        />
        <TextInput
          label="Client ID"
          maxLength={TEXT_LIMITS.name}
          autoComplete="off"
          disabled={!online}
          {...form.getInputProps('oidc_client_id')}
        />
        <PasswordInput
          label="Client secret"
          placeholder={saved.has_secret ? SECRET_KEPT_PLACEHOLDER : undefined}
          maxLength={TEXT_LIMITS.name}
          // Not the admin's own password: a browser must not offer to fill it in.
          autoComplete="new-password"
          disabled={!online}
          {...form.getInputProps('oidc_client_secret')}
        />
        <TextInput
          label="Button label"
          description="Players see “Sign in with” followed by this, e.g. Google."
          placeholder="Google"
          maxLength={TEXT_LIMITS.name}
          disabled={!online}
          {...form.getInputProps('label')}
        />
        <PrimaryAction type="submit" loading={saving} disabled={!online} style={{ alignSelf: 'flex-start' }}>
          Save
        </PrimaryAction>
      </Stack>
    </Paper>
  );
}

/** Loads the saved provider (online), then its form; a saved answer starts the form again (secret field empty). */
export function SocialSignInSection({ online }: { online: boolean }) {
  const [saved, setSaved] = useState<ClientOidc | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    if (!online) return;
    const controller = new AbortController();
    fetchClientOidc(controller.signal)
      .then((answer) => {
        setFailed(null);
        setSaved(answer);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setFailed(readableMessage(error));
        notifyError(error, 'The social sign-in settings could not be loaded');
      });
    return () => controller.abort();
  }, [online, attempt]);

  if (saved) {
    return (
      <SocialSignInForm
        key={generation}
        saved={saved}
        online={online}
        onSaved={(answer) => {
          setSaved(answer);
          setGeneration((value) => value + 1);
        }}
      />
    );
  }
  if (failed) {
    return (
      <Stack align="flex-start">
        <Text>{failed}</Text>
        <SecondaryAction onClick={() => setAttempt((value) => value + 1)}>Retry social sign-in</SecondaryAction>
      </Stack>
    );
  }
  return online ? <Text c="dimmed">Loading social sign-in…</Text> : null;
}
