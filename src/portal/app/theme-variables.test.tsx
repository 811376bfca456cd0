import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { cssVariablesResolver, theme } from './theme';

// The theme's CSS variables and Mantine's responsive classes are a stylesheet (theme-variables.css, imported by
// main.tsx), not what MantineProvider renders into a <style> on every one of its renders (App.tsx turns that off):
// computing them took a few milliseconds of each of the start's first renders (total blocking time).
// This test writes the stylesheet from the theme as Mantine would render it (`npx vitest run -u` after changing the
// theme) and fails while the two differ.

it('keeps theme-variables.css what MantineProvider would render for the theme, in both colour schemes', async () => {
  const html = renderToStaticMarkup(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
      <span />
    </MantineProvider>,
  );
  const styles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1]!.trim());
  expect(styles).toHaveLength(2);
  const css = `/* Written by theme-variables.test.tsx from app/theme.ts: do not edit (npx vitest run -u). */\n${styles.join('\n\n')}\n`;
  await expect(css).toMatchFileSnapshot('./theme-variables.css');
});
