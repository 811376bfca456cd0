import { ActionIcon, Tooltip, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { notifyError } from './notify';

/** How long "Copied" shows after a copy (the specification's constants). */
export const COPY_CONFIRMATION_MS = 1000;

function CopyIcon() {
  return (
    <svg width={18} height={18} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true" focusable="false">
      <rect x="9" y="9" width="11" height="11" rx="2" />
      <path d="M5 15V5a2 2 0 0 1 2-2h10" />
    </svg>
  );
}

/** Copies a link to the clipboard and says "Copied" for one second (the specification's List Quiz and List Polls screens). */
export function CopyLinkButton({ link, label }: { link: string; label: string }) {
  const button = useRef<HTMLButtonElement>(null);
  const [copied, setCopied] = useState(false);
  // A tooltip is a floating-ui instance that measures and positions itself: a table of copy buttons would mount
  // one per row for a confirmation seldom shown. It is mounted at the first copy (then kept, for its fade-out),
  // pointed at the button, which stays where it is and keeps the focus.
  const [confirmationMounted, setConfirmationMounted] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      setConfirmationMounted(true);
    } catch (error) {
      notifyError(error, 'The link could not be copied');
    }
  };
  // Positioned, so the visually hidden status sits inside the button's box: otherwise its containing block is the
  // page, and in a table that scrolls in its own box it would widen the page (sideways scroll on a phone).
  return (
    <span style={{ position: 'relative', display: 'inline-flex' }}>
      <ActionIcon ref={button} size={44} aria-label={label} onClick={() => void copy()}>
        <CopyIcon />
      </ActionIcon>
      {confirmationMounted && <Tooltip label="Copied" opened={copied} withArrow target={button} />}
      {/* The tooltip is not announced; this says the same to screen readers. */}
      <VisuallyHidden role="status">{copied ? 'Link copied' : ''}</VisuallyHidden>
    </span>
  );
}
