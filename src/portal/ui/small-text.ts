import { Anchor, Text } from '@mantine/core';
import type { CSSProperties } from 'react';

// Cells repeated in every row of a list draw their text with these props on a plain element rather than with
// Mantine's <Text size="sm">: a Text is two components (Text and Box) that resolve its props, classes and style on
// every render, and List Quiz's ten rows held forty of them in the one commit that shows the list, a task of its own
// on a phone's main thread. small-text.test.tsx checks the props against Text's own.

const SMALL_TEXT_CLASS = `mantine-focus-auto ${Text.classes.root} mantine-Text-root`;

const SMALL_TEXT_STYLE = {
  '--text-fz': 'var(--mantine-font-size-sm)',
  '--text-lh': 'var(--mantine-line-height-sm)',
} as CSSProperties;

export interface SmallTextProps {
  className: string;
  'data-size': 'sm';
  style: CSSProperties;
}

/** The props of Mantine's `<Text size="sm">`, with `style` added after its own (as Text's style prop is). */
export function smallText(style?: CSSProperties): SmallTextProps {
  return { className: SMALL_TEXT_CLASS, 'data-size': 'sm', style: style ? { ...SMALL_TEXT_STYLE, ...style } : SMALL_TEXT_STYLE };
}

const LINK_CLASS = `mantine-focus-auto ${Anchor.classes.root} ${Text.classes.root} mantine-Text-root mantine-Anchor-root`;

export interface LinkLookProps {
  className: string;
  'data-underline': 'hover';
  style?: CSSProperties;
}

/** The props of Mantine's `<Anchor>` at the text's own size (underlined on hover), with `style` as its style prop. */
export function anchorLink(style?: CSSProperties): LinkLookProps {
  return { className: LINK_CLASS, 'data-underline': 'hover', ...(style ? { style } : {}) };
}

export interface SmallLinkProps extends SmallTextProps {
  'data-underline': 'hover';
}

/** The props of Mantine's `<Anchor size="sm">` (underlined on hover), with `style` added after its own. */
export function smallLink(style?: CSSProperties): SmallLinkProps {
  return { ...smallText(style), ...anchorLink() };
}
