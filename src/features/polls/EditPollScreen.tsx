import { ScreenPlaceholder } from '../../ui/ScreenPlaceholder';

export function EditPollScreen() {
  return <ScreenPlaceholder title="Edit Poll" />;
}
