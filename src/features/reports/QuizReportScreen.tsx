import { ScreenPlaceholder } from '../../ui/ScreenPlaceholder';

export function QuizReportScreen() {
  return <ScreenPlaceholder title="Quiz Report" />;
}
