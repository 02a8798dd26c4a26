// The rules help for every game: a small Markdown renderer, the drawer at the table, and the rules page.
import { useEffect, useState, type ReactNode } from 'react';
import { findWebGame, GAMES } from '../games.js';

/** Inline Markdown: **bold**, *italic*, `code`. */
function inline(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  const re = /(\*\*[^*]+\*\*|\*[^*]+\*|`[^`]+`)/g;
  let last = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const t = m[0];
    if (t.startsWith('**')) out.push(<strong key={m.index}>{t.slice(2, -2)}</strong>);
    else if (t.startsWith('`')) out.push(<code key={m.index}>{t.slice(1, -1)}</code>);
    else out.push(<em key={m.index}>{t.slice(1, -1)}</em>);
    last = m.index + t.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/**
 * The small Markdown our rules help is written in: headings, paragraphs, lists (`-` and
 * `1.`), block quotes for examples, and inline bold, italic and code.
 */
export function Markdown({ text }: { text: string }) {
  const blocks: ReactNode[] = [];
  const lines = text.split('\n');
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    const h = /^(#{1,4})\s+(.*)$/.exec(line);
    if (h) {
      const level = Math.min(4, h[1].length + 1);
      const Tag = `h${level}` as 'h2' | 'h3' | 'h4';
      blocks.push(<Tag key={i}>{inline(h[2])}</Tag>);
      i++;
    } else if (/^\s*([-*]|\d+\.)\s+/.test(line)) {
      const ordered = /^\s*\d+\./.test(line);
      const items: string[] = [];
      while (i < lines.length && /^\s*([-*]|\d+\.)\s+/.test(lines[i])) {
        let item = lines[i].replace(/^\s*([-*]|\d+\.)\s+/, '');
        i++;
        while (
          i < lines.length &&
          /^\s{2,}\S/.test(lines[i]) &&
          !/^\s*([-*]|\d+\.)\s/.test(lines[i])
        )
          item += ` ${lines[i++].trim()}`;
        items.push(item);
      }
      const List = ordered ? 'ol' : 'ul';
      blocks.push(
        <List key={i}>
          {items.map((t, k) => (
            <li key={k}>{inline(t)}</li>
          ))}
        </List>,
      );
    } else if (line.startsWith('>')) {
      const quote: string[] = [];
      while (i < lines.length && lines[i].startsWith('>'))
        quote.push(lines[i++].replace(/^>\s?/, ''));
      blocks.push(
        <blockquote key={i} className="example">
          {inline(quote.join(' '))}
        </blockquote>,
      );
    } else if (line.trim() === '') i++;
    else {
      const para: string[] = [];
      while (
        i < lines.length &&
        lines[i].trim() !== '' &&
        !/^(#|>|\s*([-*]|\d+\.)\s)/.test(lines[i])
      )
        para.push(lines[i++]);
      blocks.push(<p key={i}>{inline(para.join(' '))}</p>);
    }
  }
  return <div className="rules-text">{blocks}</div>;
}

/** The rules beside the table, closed with its button or Escape. */
export function RulesDrawer({ text, onClose }: { text: string; onClose: () => void }) {
  useEffect(() => {
    const on = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', on);
    return () => window.removeEventListener('keydown', on);
  }, [onClose]);
  return (
    <aside className="rules-drawer" role="dialog" aria-label="rules">
      <button type="button" className="close" onClick={onClose} aria-label="close the rules">
        ×
      </button>
      <Markdown text={text} />
    </aside>
  );
}

/** `#/rules/<game>`: a game's rules on a page of their own (linked from the lobby). */
export default function RulesPage({ game }: { game: string }) {
  const entry = findWebGame(game);
  const [text, setText] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    entry?.load().then(
      (p) => live && setText(p.rules),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [entry]);
  return (
    <div className="panel rules-page">
      <nav className="rules-nav">
        Rules:{' '}
        {GAMES.map((g) => (
          <a key={g.id} href={`#/rules/${g.id}`} aria-current={g.id === game ? 'page' : undefined}>
            {g.name}
          </a>
        ))}
      </nav>
      {!entry ? (
        <p>No such game.</p>
      ) : failed ? (
        <p role="alert">The rules did not load: check the connection and reload the page.</p>
      ) : text === null ? (
        <p role="status">Loading the rules…</p>
      ) : (
        <Markdown text={text} />
      )}
    </div>
  );
}
