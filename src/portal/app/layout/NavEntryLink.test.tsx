import { MantineProvider, NavLink } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Link, MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../theme';
import { NavEntryLink } from './NavEntryLink';

/** The markup a sidebar link renders, inside the portal's theme and a router. */
function markupOf(link: ReactNode): string {
  const { container, unmount } = render(
    <MantineProvider theme={theme}>
      <MemoryRouter>{link}</MemoryRouter>
    </MantineProvider>,
  );
  const html = container.querySelector('a')?.outerHTML ?? '';
  unmount();
  return html;
}

describe('NavEntryLink', () => {
  it("renders the markup of Mantine's <NavLink component={Link} mih={44}> it stands for, active with an icon", () => {
    const onClick = vi.fn();
    const icon = <svg data-icon="dashboard" />;
    expect(markupOf(<NavEntryLink to="/dashboard" label="Dashboard" active icon={icon} onClick={onClick} />)).toBe(
      markupOf(
        <NavLink
          component={Link}
          to="/dashboard"
          label="Dashboard"
          aria-current="page"
          active
          leftSection={icon}
          onClick={onClick}
          mih={44}
        />,
      ),
    );
  });

  it('and inactive without an icon, as a group names its screens', () => {
    const onClick = vi.fn();
    expect(markupOf(<NavEntryLink to="/list-quiz" label="List of Quizzes" active={false} onClick={onClick} />)).toBe(
      markupOf(<NavLink component={Link} to="/list-quiz" label="List of Quizzes" active={false} onClick={onClick} mih={44} />),
    );
  });
});
