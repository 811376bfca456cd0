import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// The portal loads Mantine's styles in two stylesheets (first-screen-styles.css, screen-styles.css) instead of
// the whole @mantine/core/styles.css. Together they must still give every component its styles, once, in the
// order Mantine's own stylesheet gives them: a later file's rules win over an earlier one's.

const root = path.resolve(import.meta.dirname, '../..');
const mantineStyles = path.join(root, 'node_modules/@mantine/core/styles');

function imported(file: string): string[] {
  const text = readFileSync(path.join(import.meta.dirname, file), 'utf8');
  return [...text.matchAll(/@import '@mantine\/core\/styles\/([\w-]+\.css)';/g)].map((match) => match[1]!);
}

/** Mantine's own order: where each file's rules start in styles.css, which is all of them one after another. */
function mantineOrder(): string[] {
  const whole = readFileSync(path.join(root, 'node_modules/@mantine/core/styles.css'), 'utf8');
  const files = readdirSync(mantineStyles).filter((file) => file.endsWith('.css') && !file.endsWith('.layer.css'));
  const start = (file: string) => whole.indexOf(readFileSync(path.join(mantineStyles, file), 'utf8').trim().slice(0, 300));
  return files.sort((a, b) => start(a) - start(b));
}

describe("Mantine's styles in two stylesheets", () => {
  const first = imported('first-screen-styles.css');
  const rest = imported('screen-styles.css');
  const order = mantineOrder();

  it('give every component stylesheet of Mantine exactly once', () => {
    expect([...first, ...rest].sort()).toEqual([...order].sort());
  });

  it("keep Mantine's order within each", () => {
    expect(first).toEqual(order.filter((file) => first.includes(file)));
    expect(rest).toEqual(order.filter((file) => rest.includes(file)));
  });

  it('give the first screen the base styles and the components the sign-in screens and the loader use', () => {
    expect(first.slice(0, 3)).toEqual(['baseline.css', 'default-css-variables.css', 'global.css']);
    for (const component of ['Button', 'Input', 'PasswordInput', 'Alert', 'Anchor', 'Paper', 'Title', 'Loader', 'Stack', 'Center'])
      expect(first).toContain(`${component}.css`);
  });

  it("load the notifications' styles with the rest, after Mantine's", () => {
    const text = readFileSync(path.join(import.meta.dirname, 'screen-styles.css'), 'utf8');
    expect(text.trim().endsWith("@import '@mantine/notifications/styles.css';")).toBe(true);
  });
});
