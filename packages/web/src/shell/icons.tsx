/**
 * Icons drawn as SVG: they render on every system (emoji show as empty boxes where no emoji
 * font is installed). Each is decorative; the control carrying it has its own label.
 */

/** A seat's colour, the same everywhere (panels, cubes on the board). */
export const SEAT_COLORS = ['#c0392b', '#2f6db5', '#2e8b57', '#b8860b', '#7a3fa0', '#16a085'];

export function Cube({ size = 10, seat }: { size?: number; seat?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 10 10" aria-hidden="true" className="icon">
      <rect
        x={0.5}
        y={0.5}
        width={9}
        height={9}
        rx={1.5}
        fill={seat === undefined ? '#555' : SEAT_COLORS[seat % SEAT_COLORS.length]}
        stroke="#0006"
      />
    </svg>
  );
}

export function Trophy() {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" className="icon">
      <path
        d="M4 1h8v2h3v2a4 4 0 0 1-3.6 4A4 4 0 0 1 9 11v2h3v2H4v-2h3v-2a4 4 0 0 1-2.4-2A4 4 0 0 1 1 5V3h3zm0 4V4.2H2.4V5A2.6 2.6 0 0 0 4 7.4zm8 0v2.4A2.6 2.6 0 0 0 13.6 5v-.8H12z"
        fill="#d4a017"
      />
    </svg>
  );
}

type Arrow = 'first' | 'prev' | 'next' | 'last' | 'play' | 'pause';
const ARROWS: Record<Arrow, string> = {
  first: 'M3 2h2v12H3zM13 2v12L6 8z',
  prev: 'M12 2v12L4 8z',
  next: 'M4 2v12l8-6z',
  last: 'M11 2h2v12h-2zM3 2v12l7-6z',
  play: 'M4 2v12l9-6z',
  pause: 'M3 2h4v12H3zM9 2h4v12H9z',
};

export function ArrowIcon({ kind }: { kind: Arrow }) {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" className="icon">
      <path d={ARROWS[kind]} fill="currentColor" />
    </svg>
  );
}

/** A dot for "connected" (filled) or "away" (hollow). */
export function Presence({ here }: { here: boolean }) {
  return (
    <svg width="10" height="10" viewBox="0 0 10 10" aria-hidden="true" className="icon">
      <circle
        cx={5}
        cy={5}
        r={4}
        fill={here ? '#2e8b57' : 'none'}
        stroke={here ? '#2e8b57' : '#999'}
        strokeWidth={1.5}
      />
    </svg>
  );
}
