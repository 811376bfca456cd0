import { ScreenPlaceholder } from '../../ui/ScreenPlaceholder';

export function ListQuestionsScreen() {
  return <ScreenPlaceholder title="List Questions" />;
}
