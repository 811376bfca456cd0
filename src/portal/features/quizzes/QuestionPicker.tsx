import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  closestCenter,
  pointerWithin,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Box, Group, MultiSelect, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { memo, useCallback, useMemo, useState } from 'react';
import { pageCount, pageSlice } from '../../ui/page-range';
import { Pager } from '../../ui/Pager';
import classes from './QuestionPicker.module.css';
import {
  allQuestionsEmptyText,
  categoryReferences,
  dropQuestion,
  filterByCategory,
  listOf,
  checkedIn,
  checkedText,
  moveChecked,
  type PickerList,
  type PickerState,
} from './question-picker';
import type { QuizQuestionRow } from './quiz-rows';
import type { CategoryChoice } from './use-quizzes';
import { SecondaryAction } from '../../ui/actions';

/** Questions per page of the All list (the spec's constant 10). */
export const ALL_QUESTIONS_PAGE_SIZE = 10;

const LIST_TITLES: Record<PickerList, string> = { selected: 'Selected Questions', all: 'All Questions' };
/** Droppable ids of the lists themselves (a drop on a list, not on an item, puts the item at its end). */
const LIST_ID: Record<PickerList, string> = { selected: 'list:selected', all: 'list:all' };

const isListId = (id: UniqueIdentifier) => String(id).startsWith('list:');

/**
 * What a drag is over: the item under the pointer, else the list under it (its end), else (keyboard, or
 * between lists) the nearest item. A list's own box would otherwise often win over the item it holds.
 */
const pickerCollisions: CollisionDetection = (args) => {
  const underPointer = pointerWithin(args);
  const items = underPointer.filter((collision) => !isListId(collision.id));
  if (items.length > 0) return items;
  if (underPointer.length > 0) return underPointer;
  const nearestItems = closestCenter({
    ...args,
    droppableContainers: args.droppableContainers.filter((container) => !isListId(container.id)),
  });
  return nearestItems.length > 0 ? nearestItems : closestCenter(args);
};

function DragHandleIcon() {
  return (
    <svg width={20} height={20} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
      {[6, 12, 18].flatMap((y) => [9, 15].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r={1.6} />))}
    </svg>
  );
}

interface PickerItemProps {
  id: string;
  text: string;
  checked: boolean;
  list: PickerList;
  /** Stable across renders, so an item re-renders only when its own props change (50 items move at once). */
  onCheck: (list: PickerList, key: string, checked: boolean) => void;
}

/** One question: a checkbox named by the question, and a drag handle (pointer, touch, or Space + arrows). */
const PickerItem = memo(function PickerItem({ id, text, checked, list, onCheck }: PickerItemProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <li
      ref={setNodeRef}
      className={classes.item}
      style={{ transform: CSS.Translate.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }}
    >
      <button ref={setActivatorNodeRef} type="button" className={classes.handle} aria-label={`Drag ${text}`} {...attributes} {...listeners}>
        <DragHandleIcon />
      </button>
      <label className={classes.label}>
        <input
          type="checkbox"
          className={classes.check}
          checked={checked}
          onChange={(event) => onCheck(list, id, event.currentTarget.checked)}
        />
        {text}
      </label>
    </li>
  );
});

interface PickerColumnProps {
  list: PickerList;
  keys: readonly string[];
  describe: (key: string) => string;
  checked: ReadonlySet<string>;
  onCheck: (list: PickerList, key: string, checked: boolean) => void;
  empty: string;
  footer?: React.ReactNode;
}

function PickerColumn({ list, keys, describe, checked, onCheck, empty, footer }: PickerColumnProps) {
  const { setNodeRef, isOver } = useDroppable({ id: LIST_ID[list] });
  const titleId = `picker-${list}-title`;
  return (
    <Paper component="section" p="sm" aria-labelledby={titleId} style={{ minWidth: 0 }}>
      <Stack gap="xs">
        <Title order={3} size="h4" id={titleId}>
          {LIST_TITLES[list]}
        </Title>
        <SortableContext id={list} items={keys as string[]} strategy={verticalListSortingStrategy}>
          <Box
            component="ul"
            ref={setNodeRef}
            aria-labelledby={titleId}
            m={0}
            p={4}
            mih={88}
            style={{ borderRadius: 4, outline: isOver ? '2px dashed var(--mantine-color-blue-filled)' : undefined }}
          >
            {keys.length === 0 ? (
              <Text component="li" c="dimmed" size="sm" style={{ listStyle: 'none' }} p="xs">
                {empty}
              </Text>
            ) : (
              keys.map((key) => (
                <PickerItem key={key} id={key} text={describe(key)} checked={checked.has(key)} list={list} onCheck={onCheck} />
              ))
            )}
          </Box>
        </SortableContext>
        {footer}
      </Stack>
    </Paper>
  );
}

interface QuestionPickerProps {
  questions: readonly QuizQuestionRow[];
  categories: readonly CategoryChoice[];
  value: PickerState;
  onChange: (state: PickerState) => void;
  error?: string;
}

/**
 * The two-column question picker (the specification's screens): Selected Questions (the saved order) and All Questions (filtered
 * by the chosen categories, none = all, paged with the 5-page range). Check items and press an arrow to move
 * them; drag by the handle to reorder within a list or move across (mouse, touch, or keyboard: Space to lift,
 * arrows to move, Space to drop).
 */
export function QuestionPicker({ questions, categories, value, onChange, error }: QuestionPickerProps) {
  const [chosenCategories, setChosenCategories] = useState<string[]>([]);
  // Closed after each pick, so the dropdown does not stay open over the picker (a tablet has no hover to leave it).
  const [categoriesOpened, setCategoriesOpened] = useState(false);
  const [page, setPage] = useState(1);
  const [checked, setChecked] = useState<Record<PickerList, Set<string>>>({ selected: new Set(), all: new Set() });
  const byKey = useMemo(() => new Map(questions.map((row) => [row.localId, row])), [questions]);
  const describe = (key: UniqueIdentifier) => byKey.get(String(key))?.description ?? String(key);

  const references = useMemo(
    () => categoryReferences(categories.filter((category) => chosenCategories.includes(category.localId))),
    [categories, chosenCategories],
  );
  const filtered = useMemo(() => filterByCategory(value.all, byKey, references), [value.all, byKey, references]);
  const shownPage = Math.min(page, pageCount(filtered.length, ALL_QUESTIONS_PAGE_SIZE));
  const allPage = pageSlice(filtered, shownPage, ALL_QUESTIONS_PAGE_SIZE);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const setCheck = useCallback(
    (list: PickerList, key: string, on: boolean) =>
      setChecked((current) => {
        const next = new Set(current[list]);
        if (on) next.add(key);
        else next.delete(key);
        return { ...current, [list]: next };
      }),
    [],
  );

  // What the arrows move and the counts say: checked keys still in their list as shown (all its pages).
  const checkedSelected = useMemo(() => checkedIn(value.selected, checked.selected), [value.selected, checked.selected]);
  const checkedAll = useMemo(() => checkedIn(filtered, checked.all), [filtered, checked.all]);
  const countable: Record<PickerList, Set<string>> = { selected: checkedSelected, all: checkedAll };

  const move = (from: PickerList) => {
    onChange(moveChecked(value, from, countable[from]));
    setChecked((current) => ({ ...current, [from]: new Set() }));
  };

  const targetOf = (overId: UniqueIdentifier): { list: PickerList; before: string | null } | null => {
    const id = String(overId);
    if (id === LIST_ID.selected) return { list: 'selected', before: null };
    if (id === LIST_ID.all) return { list: 'all', before: null };
    const list = listOf(value, id);
    return list ? { list, before: id } : null;
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    const target = targetOf(over.id);
    if (target) onChange(dropQuestion(value, String(active.id), target.list, target.before));
  };

  const listName = (id: UniqueIdentifier) => {
    const target = targetOf(id);
    return target ? LIST_TITLES[target.list] : '';
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${describe(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${describe(active.id)} is over ${isListId(over.id) ? listName(over.id) : `${describe(over.id)} in ${listName(over.id)}`}.`
        : `${describe(active.id)} is no longer over a list.`,
    onDragEnd: ({ active, over }) =>
      over ? `${describe(active.id)} dropped in ${listName(over.id)}.` : `${describe(active.id)} put back.`,
    onDragCancel: ({ active }) => `Moving ${describe(active.id)} was cancelled.`,
  };

  return (
    <Stack gap="sm">
      <MultiSelect
        label="Category"
        description="Filter All Questions by category; none chosen shows every question."
        placeholder={chosenCategories.length ? undefined : 'All categories'}
        data={categories.map((category) => ({ value: category.localId, label: category.name }))}
        value={chosenCategories}
        onChange={(next) => {
          setChosenCategories(next);
          setPage(1);
          setCategoriesOpened(false);
        }}
        dropdownOpened={categoriesOpened}
        onDropdownOpen={() => setCategoriesOpened(true)}
        onDropdownClose={() => setCategoriesOpened(false)}
        searchable
        clearable
        maw={520}
      />
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
      <DndContext sensors={sensors} collisionDetection={pickerCollisions} onDragEnd={onDragEnd} accessibility={{ announcements }}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          <PickerColumn
            list="selected"
            keys={value.selected}
            describe={describe}
            checked={checked.selected}
            onCheck={setCheck}
            empty="No question selected yet: check questions in All Questions and press the arrow, or drag them here."
            footer={
              <Group justify="space-between" wrap="wrap">
                <Text size="sm" c="dimmed" aria-live="polite">
                  {value.selected.length} selected{checkedSelected.size > 0 && `, ${checkedText(checkedSelected.size)}`}
                </Text>
                <SecondaryAction onClick={() => move('selected')} disabled={checkedSelected.size === 0} rightSection="→">
                  Move checked to All Questions
                </SecondaryAction>
              </Group>
            }
          />
          <PickerColumn
            list="all"
            keys={allPage}
            describe={describe}
            checked={checked.all}
            onCheck={setCheck}
            empty={allQuestionsEmptyText(questions.length, value.all.length)}
            footer={
              <Stack gap="xs">
                <Group justify="space-between" wrap="wrap">
                  <SecondaryAction onClick={() => move('all')} disabled={checkedAll.size === 0} leftSection="←">
                    Move checked to Selected Questions
                  </SecondaryAction>
                  <Text size="sm" c="dimmed" aria-live="polite">
                    {filtered.length} {filtered.length === 1 ? 'question' : 'questions'}
                    {checkedAll.size > 0 && `, ${checkedText(checkedAll.size)}`}
                  </Text>
                </Group>
                <Pager
                  page={shownPage}
                  total={filtered.length}
                  pageSize={ALL_QUESTIONS_PAGE_SIZE}
                  onChange={setPage}
                  label="All Questions pages"
                />
              </Stack>
            }
          />
        </SimpleGrid>
      </DndContext>
    </Stack>
  );
}
