import { Anchor, MantineProvider, Text } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { smallLink, smallText } from './small-text';

/** The element a node renders to, inside the provider. */
function rendered(node: ReactNode): Element {
  const { container } = render(<MantineProvider>{node}</MantineProvider>);
  const element = container.lastElementChild;
  if (!element) throw new Error('Nothing rendered');
  return element;
}

const attributesOf = (element: Element) => Object.fromEntries([...element.attributes].map(({ name, value }) => [name, value]));

describe('smallText', () => {
  it('gives a plain element the classes, attributes and style of Mantine\'s <Text size="sm">', () => {
    expect(attributesOf(rendered(<p {...smallText()}>Nov 19, 2026</p>))).toEqual(
      attributesOf(rendered(<Text size="sm">Nov 19, 2026</Text>)),
    );
  });

  it("adds a style after Text's own, as Text's style prop does", () => {
    expect(attributesOf(rendered(<span {...smallText({ whiteSpace: 'nowrap' })}>Joined</span>))).toEqual(
      attributesOf(
        rendered(
          <Text size="sm" span style={{ whiteSpace: 'nowrap' }}>
            Joined
          </Text>,
        ),
      ),
    );
  });

  it('gives a link the classes, attributes and style of Mantine\'s <Anchor size="sm">', () => {
    expect(
      attributesOf(
        rendered(
          <a href="/list-quiz" {...smallLink({ display: 'inline-block' })}>
            Control
          </a>,
        ),
      ),
    ).toEqual(
      attributesOf(
        rendered(
          <Anchor href="/list-quiz" size="sm" display="inline-block">
            Control
          </Anchor>,
        ),
      ),
    );
  });
});
