import { render } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { useId } from './mantine-use-id';

function Labelled({ staticId, renders }: { staticId?: string; renders: string[] }) {
  const id = useId(staticId);
  renders.push(id);
  return <input id={id} aria-label="field" />;
}

describe('the portal build’s Mantine useId', () => {
  it('gives a component one id from its first render, with no second render after mounting', () => {
    const renders: string[] = [];
    const { rerender } = render(<Labelled renders={renders} />);
    expect(renders).toHaveLength(1);
    expect(renders[0]).toMatch(/^mantine-[\w-]+$/);
    rerender(<Labelled renders={renders} />);
    expect(renders).toEqual([renders[0], renders[0]]);
  });

  it('gives two components different ids, and a static id as it is', () => {
    const renders: string[] = [];
    render(
      <>
        <Labelled renders={renders} />
        <Labelled renders={renders} />
        <Labelled staticId="search" renders={renders} />
      </>,
    );
    expect(new Set(renders).size).toBe(3);
    expect(renders[2]).toBe('search');
  });

  it('matches how the installed @mantine/hooks imports its useId', () => {
    const index = readFileSync(path.resolve('node_modules/@mantine/hooks/esm/index.mjs'), 'utf8');
    expect(index).toContain('import { useId } from "./use-id/use-id.mjs";');
  });
});
