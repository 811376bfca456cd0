import type { PlayState } from '../lib/contract/play';
import type { Screen } from './screen';

// The end of a quiz: waiting for the results, then the player's score and rank and the top ten.

/** The screens after the last question (screen.ts `deriveScreen`). */
/** The ten best as the phone shows them: the live node's, or the play state's. */
export type TopTenRows = ReadonlyArray<{ rank: number; name: string; score: number; time_taken: number }>;

export type ResultsScreenKind = Extract<Screen, { kind: 'awaited' | 'announced' | 'completed' }>;

export function ResultsScreen({ screen, state, topTen }: { screen: ResultsScreenKind; state: PlayState; topTen: TopTenRows }) {
  switch (screen.kind) {
    case 'awaited':
      return (
        <section aria-labelledby="screen-title">
          <h2 id="screen-title">Waiting for the results…</h2>
          <p>The quiz is over. Your score and rank show here when the results are announced.</p>
        </section>
      );
    case 'announced':
    case 'completed':
      return (
        <section aria-labelledby="screen-title" className="final">
          <h2 id="screen-title">{screen.kind === 'completed' ? 'Final result' : 'Results'}</h2>
          <dl className="score">
            <div>
              <dt>Your score</dt>
              <dd>{state.attempt.score}</dd>
            </div>
            <div>
              <dt>Your rank</dt>
              <dd>{state.attempt.rank ?? '–'}</dd>
            </div>
          </dl>
          {topTen.length > 0 ? (
            <table className="top-ten">
              <caption>Top ten</caption>
              <thead>
                <tr>
                  <th scope="col" className="rank-col">
                    Rank
                  </th>
                  <th scope="col">Name</th>
                  <th scope="col" className="score-col">
                    Score
                  </th>
                </tr>
              </thead>
              <tbody>
                {topTen.map((row, index) => (
                  <tr key={`${row.rank}-${row.name}-${index}`}>
                    <td>{row.rank}</td>
                    <td className="clip">{row.name}</td>
                    <td>{row.score}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </section>
      );
  }
}
