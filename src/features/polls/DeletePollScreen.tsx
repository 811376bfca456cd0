import { ScreenPlaceholder } from '../../ui/ScreenPlaceholder';

export function DeletePollScreen() {
  return <ScreenPlaceholder title="Delete Poll" />;
}
