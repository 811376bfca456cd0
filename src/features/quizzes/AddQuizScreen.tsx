import { ScreenPlaceholder } from '../../ui/ScreenPlaceholder';

export function AddQuizScreen() {
  return <ScreenPlaceholder title="Add Quiz" />;
}
