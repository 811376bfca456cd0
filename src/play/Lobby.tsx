import type { PlayQuiz } from '../lib/contract/play';

// The lobby: the player is in and waits for the quiz to start, with who else joined.

export function Lobby({ quiz, joined, recent }: { quiz: PlayQuiz | null; joined: number | null; recent: readonly string[] }) {
  return (
    <section aria-labelledby="screen-title" className="lobby">
      <h2 id="screen-title">You're in!</h2>
      <p>Waiting for the quiz to start.</p>
      {/* Its line is kept while the count is unknown (the live channel loads after this screen), so the
          count arriving moves nothing below it; the list of who just joined grows at the end. */}
      <p role="status" className="joined">
        {joined === null ? '' : joined === 1 ? '1 player joined' : `${joined} players joined`}
      </p>
      {quiz?.branding.description ? <p className="muted">{quiz.branding.description}</p> : null}
      {quiz?.branding.mascot_logo ? <img className="mascot" src={quiz.branding.mascot_logo} alt="" /> : null}
      {quiz?.sponsor_name ? <p className="muted">Sponsored by {quiz.sponsor_name}</p> : null}
      {recent.length > 0 ? (
        <>
          <h3 className="small-title">Just joined</h3>
          <ul className="joiners" aria-label="Just joined">
            {recent.map((name, index) => (
              <li key={`${index}-${name}`}>{name}</li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
