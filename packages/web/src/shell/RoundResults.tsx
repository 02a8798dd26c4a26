// The round results panel a table shows between rounds, online and in practice alike.

/** A round's results as a table holds them: lines in words, numbered so each round animates. */
export interface RoundResultsState {
  readonly id: number;
  readonly lines: readonly string[];
}

/** The results of the round just over; `onClose` hides them ("Next round", or "Close" at the end). */
export function RoundResults(props: {
  results: RoundResultsState;
  gameOver: boolean;
  onClose: () => void;
}) {
  const { results, gameOver, onClose } = props;
  return (
    <section className="panel results area-results" aria-label="round results">
      <h2>
        Round results{' '}
        <button type="button" onClick={onClose}>
          {gameOver ? 'Close' : 'Next round'}
        </button>
      </h2>
      <ol>
        {results.lines.map((line, i) => (
          <li key={`${results.id}.${i}`} style={{ animationDelay: `${i * 0.15}s` }}>
            {line}
          </li>
        ))}
      </ol>
    </section>
  );
}
