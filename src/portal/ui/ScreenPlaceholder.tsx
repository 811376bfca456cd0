import { Title } from '@mantine/core';

/** A screen that is not built yet: only its title, so the route, title and layout can be checked. */
export function ScreenPlaceholder({ title }: { title: string }) {
  return <Title order={1}>{title}</Title>;
}
