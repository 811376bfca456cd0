// The quiz form's question picker as pure functions over question keys (the questions mirror's localId),
// so the rules are tested without a browser and stay fast with a bank of 10,000 questions.
//
// The picker holds two ordered lists: Selected (the quiz's order, which is what is saved) and All (the rest
// of the bank; new bank questions join its end). Moves keep every key in exactly one of the two.

export type PickerList = 'selected' | 'all';

export interface PickerState {
  selected: string[];
  all: string[];
}

/** The questions the picker needs to know: its key and its category (server id or a local category key). */
export interface PickerQuestion {
  localId: string;
  category?: number | string | null;
}

/** The picker's first state: the quiz's questions in their order, the rest of the bank in bank order. */
export function initialPicker(bank: readonly string[], selected: readonly string[]): PickerState {
  const inBank = new Set(bank);
  const chosen = [...new Set(selected)].filter((key) => inBank.has(key));
  const chosenSet = new Set(chosen);
  return { selected: chosen, all: bank.filter((key) => !chosenSet.has(key)) };
}

/**
 * Follows a change of the bank (a question synced in, or deleted): gone keys leave both lists, new keys
 * join the end of All; the same state object comes back when nothing changed, so React skips a render.
 */
export function reconcilePicker(state: PickerState, bank: readonly string[]): PickerState {
  const inBank = new Set(bank);
  const known = new Set([...state.selected, ...state.all]);
  const added = bank.filter((key) => !known.has(key));
  const selected = state.selected.filter((key) => inBank.has(key));
  const all = state.all.filter((key) => inBank.has(key));
  if (added.length === 0 && selected.length === state.selected.length && all.length === state.all.length) return state;
  return { selected, all: [...all, ...added] };
}

const other = (list: PickerList): PickerList => (list === 'selected' ? 'all' : 'selected');

/** The checkbox + arrow move: the checked keys of `from` go to the end of the other list, in `from`'s order. */
export function moveChecked(state: PickerState, from: PickerList, checked: ReadonlySet<string>): PickerState {
  if (checked.size === 0) return state;
  const moving = state[from].filter((key) => checked.has(key));
  if (moving.length === 0) return state;
  const to = other(from);
  return { [from]: state[from].filter((key) => !checked.has(key)), [to]: [...state[to], ...moving] } as unknown as PickerState;
}

/** Which list holds a key (null when neither does). */
export function listOf(state: PickerState, key: string): PickerList | null {
  if (state.selected.includes(key)) return 'selected';
  if (state.all.includes(key)) return 'all';
  return null;
}

/**
 * A drop: `key` goes to `to` just before `beforeKey` (the item it was dropped on), or to the end of `to`
 * when dropped on the list itself. Within one list this reorders; across lists it moves.
 */
export function dropQuestion(state: PickerState, key: string, to: PickerList, beforeKey: string | null): PickerState {
  const from = listOf(state, key);
  if (from === null || key === beforeKey) return state;
  const without: PickerState = { ...state, [from]: state[from].filter((item) => item !== key) };
  const target = [...without[to]];
  const originalIndex = state[to].indexOf(key);
  let index = beforeKey === null ? -1 : target.indexOf(beforeKey);
  if (index === -1) index = target.length;
  // Dragged down within its own list: it lands after the item it was dropped on (dnd-kit's sortable order).
  else if (from === to && originalIndex !== -1 && originalIndex <= index) index += 1;
  target.splice(index, 0, key);
  return { ...without, [to]: target };
}

/**
 * The category references a filter accepts: each chosen category's local key and its server id, since a
 * question names its category by server id once known and by local key before.
 */
export function categoryReferences(chosen: readonly { localId: string; serverId: number | null }[]): Set<number | string> {
  const references = new Set<number | string>();
  for (const category of chosen) {
    references.add(category.localId);
    if (category.serverId !== null) references.add(category.serverId);
  }
  return references;
}

/**
 * What All Questions says when it shows none: the bank is empty, every question was moved to Selected Questions,
 * or (some left) none of those left is in the chosen categories.
 */
export function allQuestionsEmptyText(bankSize: number, leftInAll: number): string {
  if (bankSize === 0) return 'No questions yet: add questions first.';
  if (leftInAll === 0) return 'Every question is selected: none is left to add.';
  return 'No question matches the chosen categories.';
}

/** The keys of `list` whose question is in a chosen category; every key when no category is chosen. */
export function filterByCategory(
  list: readonly string[],
  questions: ReadonlyMap<string, PickerQuestion>,
  references: ReadonlySet<number | string>,
): string[] {
  if (references.size === 0) return [...list];
  return list.filter((key) => {
    const category = questions.get(key)?.category;
    return category !== undefined && category !== null && references.has(category);
  });
}

/**
 * The checked keys that count: those still in `keys` (the list as shown, across its pages and within the category
 * filter). A key checked and then moved away by a drag, or hidden by the filter, is neither counted nor moved.
 */
export function checkedIn(keys: readonly string[], checked: ReadonlySet<string>): Set<string> {
  if (checked.size === 0) return new Set();
  return new Set(keys.filter((key) => checked.has(key)));
}

/** "N checked" under a list (the count the arrow moves), empty when none. */
export function checkedText(count: number): string {
  return count === 0 ? '' : `${count} checked`;
}
