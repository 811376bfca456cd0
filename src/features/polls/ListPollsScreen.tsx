import { ScreenPlaceholder } from '../../ui/ScreenPlaceholder';

export function ListPollsScreen() {
  return <ScreenPlaceholder title="List Polls" />;
}
