import { ScreenPlaceholder } from '../../ui/ScreenPlaceholder';

export function DeleteQuizScreen() {
  return <ScreenPlaceholder title="Delete Quiz" />;
}
