import { LIST_DATE_STYLES, prepareDateFormatter } from '../../lib/date-text';

// Makes the lists' date formatters once, which loads the locale's data for the whole page (locale-data.ts), then
// ends: the formatters themselves are of no use to the main thread.
for (const style of LIST_DATE_STYLES) prepareDateFormatter(style);
close();
