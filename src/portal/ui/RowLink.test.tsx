import { Anchor, MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Link, MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { RowLink } from './RowLink';

/** The element a node renders to, inside the provider and a router. */
function rendered(node: ReactNode): Element {
  const { container } = render(
    <MantineProvider>
      <MemoryRouter>{node}</MemoryRouter>
    </MantineProvider>,
  );
  const element = container.lastElementChild;
  if (!element) throw new Error('Nothing rendered');
  return element;
}

const attributesOf = (element: Element) => Object.fromEntries([...element.attributes].map(({ name, value }) => [name, value]));

const MANTINE_ROW_LINK_STYLE = { display: 'inline-flex', alignItems: 'center', minHeight: 44, minWidth: 44 };

describe('RowLink', () => {
  it("renders Edit as Mantine's <Anchor> on React Router's link does, with a 44 px target", () => {
    const link = rendered(
      <RowLink to="/edit-category/7" label="Edit Science">
        Edit
      </RowLink>,
    );
    expect(attributesOf(link)).toEqual(
      attributesOf(
        rendered(
          <Anchor component={Link} to="/edit-category/7" aria-label="Edit Science" style={MANTINE_ROW_LINK_STYLE}>
            Edit
          </Anchor>,
        ),
      ),
    );
    expect(link).toHaveAccessibleName('Edit Science');
  });

  it("renders Delete in the theme's error colour, as <Anchor c> does", () => {
    expect(
      attributesOf(
        rendered(
          <RowLink to="/delete-category/7" label="Delete Science" danger>
            Delete
          </RowLink>,
        ),
      ),
    ).toEqual(
      attributesOf(
        rendered(
          <Anchor
            component={Link}
            to="/delete-category/7"
            aria-label="Delete Science"
            c="var(--mantine-color-error)"
            style={MANTINE_ROW_LINK_STYLE}
          >
            Delete
          </Anchor>,
        ),
      ),
    );
  });
});
