import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';

/** The quiz help the specification describes: the working order, then what the quiz fields mean. */
export function HelpPanel() {
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Help
      </Title>
      <Text fw={600}>Working order</Text>
      <List type="ordered" spacing="xs">
        <List.Item>
          Register categories on{' '}
          <Anchor component={Link} underline="always" to={paths.categories()}>
            Question Categories
          </Anchor>
          .
        </List.Item>
        <List.Item>
          Add questions that belong to those categories on{' '}
          <Anchor component={Link} underline="always" to={paths.addQuestion()}>
            Add new Question
          </Anchor>
          .
        </List.Item>
        <List.Item>Create a quiz by filling the form and ticking the questions to include.</List.Item>
      </List>
      <Text fw={600}>Fields</Text>
      <dl style={{ margin: 0 }}>
        <Text component="dt" fw={600}>
          Name
        </Text>
        <Text component="dd" ms="md" mb="xs">
          The quiz&apos;s name.
        </Text>
        <Text component="dt" fw={600}>
          Questions
        </Text>
        <Text component="dd" ms="md" mb="xs">
          The current question number, only for MANUAL mode and a Started status.
        </Text>
        <Text component="dt" fw={600}>
          Mode
        </Text>
        <Text component="dd" ms="md" mb="xs">
          MANUAL means the admin decides when the status changes. AUTO means the system changes the status from the quiz settings.
        </Text>
        <Text component="dt" fw={600}>
          Quiz Hash
        </Text>
        <Text component="dd" ms="md" mb="xs">
          The quiz&apos;s unique hash.
        </Text>
      </dl>
    </Stack>
  );
}
