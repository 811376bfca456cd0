import { Center, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The centred card the signed-out screens share; full width on phones, 420 px at most. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center component="main" mih="100dvh" p="md">
      <Paper shadow="sm" radius="md" p="lg" w="100%" maw={420}>
        <Title order={1} size="h2" mb="md">
          {title}
        </Title>
        {children}
      </Paper>
    </Center>
  );
}
