import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ImageInput, type ImageValue } from './ImageInput';
import { NOT_AN_IMAGE_MESSAGE, imageFileProblem, imageTypeOfBytes } from './image-file';

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
const png = (name = 'logo.png') => new File([new Uint8Array(PNG_HEAD)], name, { type: 'image/png' });
const fakePng = () => new File(['just some text, not an image'], 'notes.png', { type: 'image/png' });

function Field({ initial = null, onChange = () => undefined }: { initial?: ImageValue; onChange?: (value: ImageValue) => void }) {
  const [value, setValue] = useState<ImageValue>(initial);
  return (
    <MantineProvider>
      <ImageInput
        label="Sponsor image"
        value={value}
        maxBytes={1024}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
    </MantineProvider>
  );
}

describe('image file check', () => {
  it('knows PNG, JPEG, GIF and WebP by their first bytes, and nothing else', () => {
    expect(imageTypeOfBytes(new Uint8Array(PNG_HEAD))).toBe('image/png');
    expect(imageTypeOfBytes(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(imageTypeOfBytes(new TextEncoder().encode('GIF89a'))).toBe('image/gif');
    expect(imageTypeOfBytes(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(imageTypeOfBytes(new TextEncoder().encode('RIFF\0\0\0\0WAVEfmt '))).toBeNull();
    expect(imageTypeOfBytes(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
  });

  it('refuses a file over the limit before reading it, and a renamed text file', async () => {
    expect(await imageFileProblem(png(), 1024)).toBeNull();
    expect(await imageFileProblem(new File([new Uint8Array(2048)], 'big.png'), 1024)).toMatch(/larger than/);
    expect(await imageFileProblem(fakePng())).toBe(NOT_AN_IMAGE_MESSAGE);
  });
});

describe('ImageInput', () => {
  it('shows a chosen image in a 200x200 preview, and removes it', async () => {
    const onChange = vi.fn();
    render(<Field onChange={onChange} />);
    const file = png();
    await userEvent.upload(screen.getByLabelText('Sponsor image'), file);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(file));
    const preview = await screen.findByRole('img', { name: 'Sponsor image preview' });
    expect(preview).toHaveStyle({ width: '200px', height: '200px' });
    await userEvent.click(screen.getByRole('button', { name: 'Remove sponsor image' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('previews the current image URL', () => {
    render(<Field initial="http://127.0.0.1/media/a.png" />);
    expect(screen.getByRole('img', { name: 'Sponsor image preview' })).toHaveAttribute('src', 'http://127.0.0.1/media/a.png');
  });

  it('refuses a text file named .png with a message and keeps the value', async () => {
    const onChange = vi.fn();
    render(<Field onChange={onChange} />);
    await userEvent.upload(screen.getByLabelText('Sponsor image'), fakePng());
    expect(await screen.findByRole('alert')).toHaveTextContent(NOT_AN_IMAGE_MESSAGE);
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Sponsor image')).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses a file over the size limit with a message', async () => {
    const onChange = vi.fn();
    render(<Field onChange={onChange} />);
    const big = new File([new Uint8Array([...PNG_HEAD, ...new Uint8Array(2048)])], 'big.png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText('Sponsor image'), big);
    expect(await screen.findByRole('alert')).toHaveTextContent('The image is larger than');
    expect(onChange).not.toHaveBeenCalled();
  });
});
