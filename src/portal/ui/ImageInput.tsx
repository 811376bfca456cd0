import '@mantine/dropzone/styles.css';
import { Group, Image, Input, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { IMAGE_ACCEPT, IMAGE_MAX_BYTES, NOT_AN_IMAGE_MESSAGE, imageFileProblem, tooLargeMessage } from './image-file';
import { SecondaryAction } from './actions';

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
 * disabled?, maxBytes?): a Mantine dropzone limited to PNG, JPEG, GIF and WebP (drop, click or tap) and a
 * "Choose <label>" button for keyboards; a 200x200 preview of the chosen file or current URL; a remove button; non-images (judged by their first
 * bytes, not their name) and files over the limit are refused with a message and leave the value unchanged.
 */
export function ImageInput({
  label,
  value,
  onChange,
  error,
  description,
  required,
  disabled,
  maxBytes = IMAGE_MAX_BYTES,
}: ImageInputProps) {
  const errorId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const preview = usePreviewUrl(value);
  const openRef = useRef<() => void>(null);
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
    <Input.Wrapper
      label={label}
      labelElement="div"
      description={description}
      required={required}
      error={shownError}
      errorProps={{ id: errorId, role: 'alert' }}
    >
      <Stack gap="xs" mt={4}>
        <Dropzone
          openRef={openRef}
          accept={[...IMAGE_ACCEPT]}
          maxSize={maxBytes}
          multiple={false}
          disabled={disabled}
          loading={checking}
          onDrop={(files) => void accept(files)}
          onReject={(rejections) => setProblem(rejectionMessage(rejections, maxBytes))}
          // The drop area is for pointers and touch; keyboards use the Choose button below (a focusable area
          // around the file input would nest one control in another).
          activateOnKeyboard={false}
          inputProps={{
            'aria-label': label,
            'aria-invalid': shownError ? true : undefined,
            'aria-describedby': shownError ? errorId : undefined,
          }}
          mih={64}
          p="sm"
        >
          <Text ta="center" size="sm">
            Drop an image here, or tap to choose one (PNG, JPEG, GIF or WebP, up to {Math.round(maxBytes / (1024 * 1024))} MB).
          </Text>
        </Dropzone>
        <Group align="flex-end" wrap="wrap">
          {preview && (
            <Image
              src={preview}
              alt={`${label} preview`}
              style={{ width: 200, height: 200 }}
              fit="contain"
              radius="sm"
              bd="1px solid var(--mantine-color-default-border)"
            />
          )}
          <SecondaryAction disabled={disabled} aria-label={`Choose ${label.toLowerCase()}`} onClick={() => openRef.current?.()}>
            Choose
          </SecondaryAction>
          {preview && (
            <SecondaryAction
              disabled={disabled}
              aria-label={`Remove ${label.toLowerCase()}`}
              onClick={() => {
                setProblem(null);
                onChange(null);
              }}
            >
              Remove
            </SecondaryAction>
          )}
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
