import { Anchor, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { routeKeyOf } from '../../store/mirror';
import { CopyLinkButton } from '../../ui/CopyLinkButton';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { SearchedListFooter } from '../../ui/Pager';
import { SearchBox } from '../../ui/SearchBox';
import { useSearchedPages } from '../../ui/use-searched-pages';
import { SyncStateMarker } from '../../ui/SyncStateMarker';
import { PendingDeletes } from '../../ui/PendingDeletes';
import { usePendingDeletes } from '../../store/outbox';
import { useClientProfile, viewerLink } from '../../ui/use-client-profile';
import { editDeleteColumns } from '../../ui/RowLink';
import { POLLS_PAGE_SIZE, createdDate, visiblePolls, type PollRow } from './poll-rows';
import { RequirePolls } from './RequirePolls';
import { PollActiveSwitch } from './PollActiveSwitch';
import { useListedPolls } from '../../store/polls';
import { paths } from '../../../lib/paths';
import { PrimaryAction } from '../../ui/actions';
import { EmptyState, NoMatchState, NextStepLink } from '../../ui/EmptyState';
import { PollIcon } from '../../ui/icons';
import { listLoading, pullExpected } from '../../store/listed';
import { useSyncStatusValue } from '../../store/sync';

/** The shortest a poll's card gets, in px: its lines and the actions, about 410 px, with room to spare (DataTable's cardHeight). */
const POLL_CARD_HEIGHT = 320;

/** A read-only checkbox cell, named by its column and poll for screen readers. */
function Flag({ checked, label }: { checked: boolean | undefined; label: string }) {
  return <Checkbox checked={Boolean(checked)} readOnly aria-readonly aria-label={label} onChange={() => {}} />;
}

function columns(viewerAppUrl: string | null | undefined): DataTableColumn<PollRow>[] {
  return [
    {
      header: 'Name',
      cell: (row) => (
        <>
          {row.name}
          <SyncStateMarker state={row.syncState} />{' '}
          <Anchor
            component={Link}
            to={paths.pollStage(routeKeyOf(row))}
            aria-label={`Open stage of ${row.name}`}
            size="sm"
            display="inline-block"
            py={12}
          >
            Open stage
          </Anchor>
        </>
      ),
    },
    {
      header: 'Poll hash',
      cell: (row) => {
        if (!row.poll_hash) return <Text c="dimmed">—</Text>;
        // The link carries the poll's random link key, not its hash; a poll created offline
        // has none until the server answers, so it has no link to copy yet.
        const link = row.link_key ? viewerLink(viewerAppUrl, `poll/${row.link_key}`) : null;
        // The hash is the poll's code among the client's polls; the link's key is another string, so the link is
        // written out beside its copy button and nobody takes the hash for it.
        return (
          <Stack gap={0} align="flex-start">
            <Text span>{row.poll_hash}</Text>
            {link && (
              <Group gap={4} wrap="nowrap">
                <Text span size="xs" c="dimmed">
                  Link: …/poll/{row.link_key}
                </Text>
                <CopyLinkButton link={link} label={`Copy the viewer link of ${row.name}`} />
              </Group>
            )}
          </Stack>
        );
      },
    },
    { header: 'Join code', cell: (row) => row.join_code, shrink: true },
    { header: 'Active', cell: (row) => <PollActiveSwitch row={row} />, shrink: true },
    {
      header: 'Show result options',
      cell: (row) => <Flag checked={row.show_options} label={`${row.name}: show result options`} />,
      shrink: true,
    },
    {
      header: 'Show total votes',
      cell: (row) => <Flag checked={row.show_total_votes} label={`${row.name}: show total votes`} />,
      shrink: true,
    },
    { header: 'Created date', cell: (row) => createdDate(row), shrink: true },
    ...editDeleteColumns<PollRow>(routeKeyOf, { edit: paths.editPoll, remove: paths.deletePoll }, (row) => row.name),
  ];
}

function PollsList() {
  const listed = useListedPolls();
  const rows = listed?.rows;
  // A new device's first pull shows "Loading polls…", not "No polls yet." then the pulled rows.
  const loading = listLoading(listed, useSyncStatusValue(pullExpected));
  const deleted = usePendingDeletes<PollRow>('polls');
  const profile = useClientProfile();
  const list = useSearchedPages(rows, visiblePolls, POLLS_PAGE_SIZE);
  const { search, setSearch, pageRows } = list;

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>List Polls</Title>
        <PrimaryAction component={Link} to={paths.addPoll()}>
          Add new Poll
        </PrimaryAction>
      </Group>
      <SearchBox value={search} onChange={setSearch} />
      {loading ? (
        <Text c="dimmed">Loading polls…</Text>
      ) : (
        <>
          <DataTable
            label="Polls"
            columns={columns(profile?.viewer_app_url)}
            rows={pageRows}
            rowKey={(row) => row.localId}
            cardsBelow={900}
            cardHeight={POLL_CARD_HEIGHT}
            empty={
              search.trim() ? (
                <NoMatchState title="No poll matches the search." what="polls" onShowAll={() => setSearch('')} />
              ) : (
                <EmptyState
                  icon={<PollIcon />}
                  title="No polls yet."
                  description="Create a poll with its join code, then add the choices people vote for."
                  action={<NextStepLink to={paths.addPoll()}>Create the first poll</NextStepLink>}
                />
              )
            }
          />
          <PendingDeletes what="polls" rows={deleted} rowKey={(row) => row.localId} nameOf={(row) => row.name} />
          <SearchedListFooter list={list} pageSize={POLLS_PAGE_SIZE} one="poll" many="polls" />
        </>
      )}
    </Stack>
  );
}

/** /list-polls: the polls from the mirror (offline too), search and pager working (docs/decisions.md "Spec defects fixed"). */
export function ListPollsScreen() {
  return (
    <RequirePolls>
      <PollsList />
    </RequirePolls>
  );
}
