import { ScreenPlaceholder } from '../../ui/ScreenPlaceholder';

export function ListQuizScreen() {
  return <ScreenPlaceholder title="List Quiz" />;
}
