import { Navigate, useParams } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { useFollowServerId } from '../../store/follow-server-id';
import { pollsMirror, useChoiceRowsOf, usePoll } from '../../store/polls';
import { useSession } from '../../session/session-context';
import { useClientProfile, viewerLink } from '../../ui/use-client-profile';
import { JoinPanel, StageFrame } from './StageFrame';
import classes from './stage.module.css';
import { pollBarsOf } from './stage-view';
import { useLivePoll, useStageConnection } from './use-stage-live';

/**
 * /list-polls/:id/stage: a poll on the big screen (docs/decisions.md "Stage"): the QR code of its link, its join code and a
 * live bar chart of the votes, with the counts and the total as show_total_votes allows.
 */
export function PollStageScreen() {
  const pollsEnabled = useSession().user?.client_details.poll_enabled ?? false;
  const { id } = useParams();
  const poll = usePoll(id);
  useFollowServerId(pollsMirror, id, poll?.serverId, paths.pollStage);
  const choices = useChoiceRowsOf(poll);
  const live = useLivePoll(poll?.link_key ?? null);
  const connection = useStageConnection();
  const profile = useClientProfile();

  if (!pollsEnabled) return <Navigate to={paths.dashboard()} replace />;
  if (!poll) {
    return (
      <StageFrame title="Poll" connection={connection}>
        <section className={`${classes.panel} ${classes.grow}`}>
          <p>{poll === undefined ? 'Loading…' : 'This poll does not exist (any more).'}</p>
        </section>
      </StageFrame>
    );
  }
  // In the order they were added: server ids first (ascending), then those not synced yet.
  const ofPoll = [...(choices ?? [])].sort(
    (a, b) => (a.serverId ?? Number.MAX_SAFE_INTEGER) - (b.serverId ?? Number.MAX_SAFE_INTEGER) || a.localId.localeCompare(b.localId),
  );
  const { bars, total } = pollBarsOf(
    ofPoll.map((choice) => ({ key: choice.localId, serverId: choice.serverId, name: choice.name, votes: choice.votes })),
    live?.votes,
  );
  const showCounts = poll.show_total_votes;
  const link = poll.link_key ? viewerLink(profile?.viewer_app_url, `poll/${poll.link_key}`) : null;
  const active = live ? live.active : (poll.active ?? true);
  return (
    <StageFrame title={poll.name} connection={connection}>
      <section className={`${classes.panel} ${classes.grow}`} aria-label="Votes">
        <h2 className={classes.heading}>{poll.name}</h2>
        <p className={classes.muted} style={{ margin: 0 }}>
          {active ? 'Voting is open' : 'Voting is closed'}
          {showCounts && ` · ${total} ${total === 1 ? 'vote' : 'votes'}`}
        </p>
        <ul className={classes.chart} aria-label="Votes per choice">
          {bars.map((bar) => (
            <li
              key={bar.key}
              className={classes.chartRow}
              aria-label={`${bar.name}: ${showCounts ? `${bar.votes} votes, ` : ''}${bar.percent}%`}
            >
              <span>{bar.name}</span>
              <span>{showCounts ? `${bar.votes} · ${bar.percent}%` : `${bar.percent}%`}</span>
              <div className={classes.chartTrack}>
                <div className={classes.chartBar} style={{ width: `${bar.percent}%` }} />
              </div>
            </li>
          ))}
        </ul>
      </section>
      <JoinPanel link={link} joinCode={poll.join_code} what="poll" />
    </StageFrame>
  );
}
