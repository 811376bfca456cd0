import '@mantine/dropzone/styles.css';
import { Button, Group, Image, Input, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { IMAGE_ACCEPT, IMAGE_MAX_BYTES, NOT_AN_IMAGE_MESSAGE, imageFileProblem, tooLargeMessage } from './image-file';

/** The value of an image field: a newly chosen file, the URL of the current image, or no image. */
export type ImageValue = File | string | null;

interface ImageInputProps {
  /** Field label, e.g. "Sponsor image"; the drop area is the button "Choose <label>". */
  label: string;
  value: ImageValue;
  /** Called with the chosen file (already checked: an image by its first bytes, within maxBytes) or null on remove. */
  onChange: (value: ImageValue) => void;
  /** A message from outside, e.g. the server's field error; shown under the field. */
  error?: ReactNode;
  description?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** Upper size limit in bytes; 5 MB (the server's default) when not given. */
  maxBytes?: number;
}

/** A data URL of a chosen file for its preview (read once per file; a URL value is shown as it is). */
function usePreviewUrl(value: ImageValue): string | null {
  const [read, setRead] = useState<{ file: File; url: string } | null>(null);
  useEffect(() => {
    if (!(value instanceof Blob)) return;
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') setRead({ file: value, url: reader.result });
    };
    reader.readAsDataURL(value);
    return () => reader.abort();
  }, [value]);
  if (typeof value === 'string') return value || null;
  return value && read?.file === value ? read.url : null;
}

function rejectionMessage(rejections: readonly FileRejection[], maxBytes: number): string {
  const codes = rejections.flatMap((rejection) => rejection.errors.map((error) => error.code));
  if (codes.includes('file-too-large')) return tooLargeMessage(maxBytes);
  if (codes.includes('too-many-files')) return 'Choose one image only.';
  return NOT_AN_IMAGE_MESSAGE;
}

/**
 * The shared image picker (ImageInput: label, value File | URL | null, onChange, error?, description?, required?,
 * disabled?, maxBytes?): a Mantine dropzone limited to PNG, JPEG, GIF and WebP, opened by click, tap, Enter or
 * Space; a 200x200 preview of the chosen file or current URL; a remove button; non-images (judged by their first
 * bytes, not their name) and files over the limit are refused with a message and leave the value unchanged.
 */
export function ImageInput({ label, value, onChange, error, description, required, disabled, maxBytes = IMAGE_MAX_BYTES }: ImageInputProps) {
  const errorId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const preview = usePreviewUrl(value);
  const shownError = problem ?? error;

  const accept = async (files: readonly File[]) => {
    const [file] = files;
    if (!file) return;
    setChecking(true);
    try {
      const found = await imageFileProblem(file, maxBytes);
      setProblem(found);
      if (!found) onChange(file);
    } finally {
      setChecking(false);
    }
  };

  return (
    <Input.Wrapper label={label} labelElement="div" description={description} required={required} error={shownError} errorProps={{ id: errorId, role: 'alert' }}>
      <Stack gap="xs" mt={4}>
        <Dropzone
          role="button"
          aria-label={`Choose ${label.toLowerCase()}`}
          aria-describedby={shownError ? errorId : undefined}
          aria-invalid={shownError ? true : undefined}
          accept={[...IMAGE_ACCEPT]}
          maxSize={maxBytes}
          multiple={false}
          disabled={disabled}
          loading={checking}
          onDrop={(files) => void accept(files)}
          onReject={(rejections) => setProblem(rejectionMessage(rejections, maxBytes))}
          inputProps={{ 'aria-label': label }}
          mih={64}
          p="sm"
        >
          <Text ta="center" size="sm">
            Drop an image here, or tap to choose one (PNG, JPEG, GIF or WebP, up to {Math.round(maxBytes / (1024 * 1024))} MB).
          </Text>
        </Dropzone>
        {preview && (
          <Group align="flex-end" wrap="wrap">
            <Image src={preview} alt={`${label} preview`} style={{ width: 200, height: 200 }} fit="contain" radius="sm" bd="1px solid var(--mantine-color-default-border)" />
            <Button
              variant="default"
              color="red"
              disabled={disabled}
              aria-label={`Remove ${label.toLowerCase()}`}
              onClick={() => {
                setProblem(null);
                onChange(null);
              }}
            >
              Remove
            </Button>
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
