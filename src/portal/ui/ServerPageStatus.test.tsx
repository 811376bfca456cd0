import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ServerPageStatus } from './ServerPageStatus';

function show(unreachable: boolean, loading: boolean) {
  render(
    <MantineProvider>
      <ServerPageStatus what="viewers" unreachable={unreachable} loading={loading} />
    </MantineProvider>,
  );
}

describe('ServerPageStatus', () => {
  it('says nothing was kept when the server cannot be reached', () => {
    show(true, false);
    expect(screen.getByText('No connection to the server, and no page of viewers was kept on this device yet.')).toBeInTheDocument();
  });

  it('says the rows are loading', () => {
    show(false, true);
    expect(screen.getByText('Loading viewers…')).toBeInTheDocument();
  });

  it('says a failed load could not load the rows', () => {
    show(false, false);
    expect(screen.getByText('The viewers could not be loaded.')).toBeInTheDocument();
  });
});
