import * as mantineCore from '@mantine/core';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// The portal loads Mantine's styles in two stylesheets (first-screen-styles.css, screen-styles.css) instead of
// the whole @mantine/core/styles.css. Together they must still give every component the portal draws its styles,
// once, in the order Mantine's own stylesheet gives them (a later file's rules win over an earlier one's), and hold
// no other component's: parsing and matching unused rules took the main thread during a list's start.

const root = path.resolve(import.meta.dirname, '../../..');
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

/** Named value imports from @mantine/core in a module's text (type-only imports draw nothing). */
function coreImports(text: string, quote: string): string[] {
  const statements = text.matchAll(new RegExp(`import \\{([^}]*)\\} from ${quote}@mantine/core${quote}`, 'g'));
  return [...statements]
    .flatMap((match) => match[1]!.split(','))
    .map((name) => name.trim().split(/\s+as\s+/)[0]!)
    .filter((name) => /^[A-Z]/.test(name));
}

/** The components the portal's own modules import from @mantine/core, and those Mantine's other packages import. */
function componentsImported(): Set<string> {
  const sources = readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => readFileSync(path.join(root, 'src', file), 'utf8'));
  const names = sources.flatMap((text) => coreImports(text, "'"));
  for (const library of ['dates', 'dropzone', 'notifications']) {
    const folder = path.join(root, 'node_modules/@mantine', library, 'esm');
    for (const file of readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.mjs')))
      names.push(...coreImports(readFileSync(path.join(folder, file), 'utf8'), '"'));
  }
  return new Set(names);
}

/**
 * The component stylesheets those components need: Mantine's modules they reach (Select reaches Combobox, Popover,
 * Input…), each `<Name>.module.mjs` among them being the class names of styles/<Name>.css. `unlocated` names what
 * @mantine/core exports at run time but the walk could not find in its index (an export under another name): its
 * stylesheets would be missed without a word.
 */
function stylesheetsNeeded(): { needed: Set<string>; unlocated: string[] } {
  const esm = path.join(root, 'node_modules/@mantine/core/esm');
  const index = readFileSync(path.join(esm, 'index.mjs'), 'utf8');
  const needed = new Set<string>();
  const visited = new Set<string>();
  const visit = (file: string) => {
    if (visited.has(file)) return;
    visited.add(file);
    for (const [, relative] of readFileSync(file, 'utf8').matchAll(/from "(\.[^"]+)"/g)) {
      const target = path.resolve(path.dirname(file), relative!);
      if (target.endsWith('.module.mjs')) needed.add(`${path.basename(target, '.module.mjs')}.css`);
      else visit(target);
    }
  };
  const unlocated: string[] = [];
  for (const component of componentsImported()) {
    // From one of Mantine's own modules, or re-exported from another package (RemoveScroll: no stylesheet of Mantine's).
    const from = new RegExp(`import \\{[^}]*\\b${component}\\b[^}]*\\} from "([^"]+)"`).exec(index)?.[1];
    if (from?.startsWith('./')) visit(path.join(esm, from));
    else if (!from && component in mantineCore) unlocated.push(component);
  }
  return { needed, unlocated };
}

describe("Mantine's styles in two stylesheets", () => {
  const first = imported('first-screen-styles.css');
  const rest = imported('screen-styles.css');
  const order = mantineOrder();

  it('give every component the portal uses its stylesheet exactly once, and no other component one', () => {
    const { needed, unlocated } = stylesheetsNeeded();
    expect(unlocated).toEqual([]);
    // Sanity: the walk finds what the list screens draw and what those build on.
    for (const file of ['Table.css', 'Input.css', 'Combobox.css', 'Popover.css', 'Pagination.css', 'Notification.css'])
      expect(needed, file).toContain(file);
    const loaded = [...first, ...rest];
    expect(new Set(loaded).size).toBe(loaded.length);
    for (const file of needed) expect(loaded, file).toContain(file);
    expect(rest.filter((file) => !needed.has(file))).toEqual([]);
    expect(loaded.filter((file) => !order.includes(file))).toEqual([]);
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
