import { Alert, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { fetchClientProfile, updateClientProfile, type ClientProfile } from '../../api/client-profile';
import { ApiError, readableMessage } from '../../api/errors';
import { clientProfileUpdatePayload } from '../../../lib/contract/client-profile';
import { ImageInput, type ImageValue } from '../../ui/ImageInput';
import { notifyError, showFieldErrors } from '../../ui/notify';
import { useClientProfile } from '../../ui/use-client-profile';
import { useSyncStatus } from '../../store/sync';
import { settingImageChanges } from './setting-images';
import { SETTINGS_FAILED_MESSAGE } from './setting-messages';
import { SocialSignInSection } from './SocialSignInSection';
import { TEXT_LIMITS } from '../../../lib/contract/limits';
import { PrimaryAction, SecondaryAction } from '../../ui/actions';

export { SETTINGS_FAILED_MESSAGE };

interface SettingValues {
  business_name: string;
  description: string;
  recent_participant_time: string;
  viewer_app_url: string;
  business_logo: ImageValue;
  background_image: ImageValue;
  mascot_logo: ImageValue;
}

const FIELDS = [
  'business_name',
  'description',
  'recent_participant_time',
  'viewer_app_url',
  'business_logo',
  'background_image',
  'mascot_logo',
] as const;

/** After saving the page reloads (as the specification says), so the top bar's logo and every screen read the new settings. */
function reloadPage(): void {
  window.location.reload();
}

function SettingForm({ profile, online }: { profile: ClientProfile; online: boolean }) {
  const [saving, setSaving] = useState(false);
  const form = useForm<SettingValues>({
    mode: 'controlled',
    initialValues: {
      business_name: profile.business_name,
      description: profile.description,
      recent_participant_time: String(profile.recent_participant_time),
      viewer_app_url: profile.viewer_app_url,
      business_logo: profile.business_logo_url,
      background_image: profile.background_image_url,
      mascot_logo: profile.mascot_logo_url,
    },
  });

  const submit = form.onSubmit(async (values) => {
    const parsed = clientProfileUpdatePayload.safeParse({
      business_name: values.business_name,
      description: values.description,
      recent_participant_time: values.recent_participant_time,
      viewer_app_url: values.viewer_app_url,
    });
    if (!parsed.success) {
      form.setErrors(Object.fromEntries(parsed.error.issues.toReversed().map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    const images = settingImageChanges(form.getInitialValues(), values);
    setSaving(true);
    try {
      await updateClientProfile(profile.id, parsed.data, images);
      reloadPage();
    } catch (error) {
      if (error instanceof ApiError) showFieldErrors(form.setErrors, error.fieldErrors, FIELDS);
      notifyError(error, SETTINGS_FAILED_MESSAGE);
      setSaving(false);
    }
  });

  const image = (field: 'business_logo' | 'background_image' | 'mascot_logo', label: string, description?: string) => (
    <ImageInput
      label={label}
      description={description}
      value={form.values[field]}
      onChange={(value) => form.setFieldValue(field, value)}
      error={form.errors[field]}
      disabled={!online}
    />
  );

  return (
    <Paper p="md" component="form" onSubmit={submit} noValidate aria-label="Setting">
      <Stack>
        <TextInput label="Business name" maxLength={255} disabled={!online} {...form.getInputProps('business_name')} />
        <Textarea label="Description" autosize minRows={3} maxLength={5000} disabled={!online} {...form.getInputProps('description')} />
        {image('business_logo', 'Business logo')}
        {image('background_image', 'Background image', 'Best at 750x500 pixels.')}
        {image('mascot_logo', 'Mascot image')}
        <TextInput
          label="Recent participant time (seconds)"
          inputMode="numeric"
          disabled={!online}
          {...form.getInputProps('recent_participant_time')}
        />
        <TextInput
          label="Viewer app URL"
          description={`The copy links: this address followed by the quiz hash, or by poll/ and the poll's link key. This portal's player app is ${window.location.origin}/play/`}
          type="url"
          placeholder="https://viewer.example.com/"
          maxLength={TEXT_LIMITS.url}
          disabled={!online}
          {...form.getInputProps('viewer_app_url')}
        />
        <PrimaryAction type="submit" loading={saving} disabled={!online} style={{ alignSelf: 'flex-start' }}>
          Save
        </PrimaryAction>
      </Stack>
    </Paper>
  );
}

/** /setting: the client's business settings, read and saved online only (docs/decisions.md "Offline"). */
export function SettingScreen() {
  const { online } = useSyncStatus();
  const [loaded, setLoaded] = useState<ClientProfile | null>(null);
  // Offline, the settings last read on this device are shown (read only) rather than nothing.
  const kept = useClientProfile();
  const profile = loaded ?? (online ? null : (kept ?? null));
  const [failed, setFailed] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!online) return;
    const controller = new AbortController();
    fetchClientProfile(controller.signal)
      .then((answer) => {
        setFailed(null);
        setLoaded(answer);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setFailed(readableMessage(error));
        notifyError(error, 'The settings could not be loaded');
      });
    return () => controller.abort();
  }, [online, attempt]);

  return (
    <Stack maw={720}>
      <Title order={1}>Setting</Title>
      {!online && (
        <Alert color="yellow" title="Offline: settings cannot be changed" role="status">
          Settings are read and saved on the server only: connect to change them.
        </Alert>
      )}
      {profile ? (
        <>
          <SettingForm key={profile.version} profile={profile} online={online} />
          {/* The operator's switch: without it the server refuses a provider, so the section is not offered. */}
          {profile.social_auth_feature && <SocialSignInSection online={online} />}
        </>
      ) : failed ? (
        <Stack align="flex-start">
          <Text>{failed}</Text>
          <SecondaryAction onClick={() => setAttempt((value) => value + 1)}>Retry</SecondaryAction>
        </Stack>
      ) : (
        online && <Text c="dimmed">Loading settings…</Text>
      )}
    </Stack>
  );
}
