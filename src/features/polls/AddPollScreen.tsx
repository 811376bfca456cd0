import { ScreenPlaceholder } from '../../ui/ScreenPlaceholder';

export function AddPollScreen() {
  return <ScreenPlaceholder title="Add Poll" />;
}
