import { ScreenPlaceholder } from '../../ui/ScreenPlaceholder';

export function DashboardScreen() {
  return <ScreenPlaceholder title="Dashboard" />;
}

// React.lazy needs a default export.
export default DashboardScreen;
