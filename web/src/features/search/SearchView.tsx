import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { SEARCH_MAX_RESULTS, SEARCH_QUERY_MAX, SEARCH_QUERY_MIN, SEARCH_TYPES, searchQueryProblem, type SearchType } from '@haic/contract';
import { Alert } from '../../ui/Alert';
import { PageShell } from '../../ui/PageShell';
import { Spinner } from '../../ui/Spinner';
import { readSearchAddress, searchPath, type SearchAddress } from './address';
import { resultCount } from './count';
import { SearchResults } from './SearchResults';
import { useSearch } from './useSearch';
import styles from './Search.module.css';

const TYPE_LABELS: Record<SearchType, string> = { all: 'All', blog: 'Blog', news: 'News', players: 'Players' };
/** Searches that find something on any site of ours: the empty page's suggestions. */
const SUGGESTIONS = ['nurse', 'XRP Ledger', 'tokenomics', 'patient data', 'burnout'];

function Suggestions({ lead }: { lead: string }) {
  return (
    <div className={styles.suggestions}>
      <p>{lead}</p>
      <ul>
        <li>Check the spelling, or use fewer or more general words.</li>
        <li>Put words in quotes to find them together (&quot;patient data&quot;), a minus to leave one out (-game).</li>
        <li>
          Try{' '}
          {SUGGESTIONS.map((q, i) => (
            <span key={q}>
              {i > 0 && (i === SUGGESTIONS.length - 1 ? ' or ' : ', ')}
              <Link to={searchPath({ q })}>{q}</Link>
            </span>
          ))}
          , or browse the <Link to="/blog">blog</Link>, the <Link to="/news">news</Link> and the <Link to="/leaderboard">leaderboard</Link>.
        </li>
      </ul>
    </div>
  );
}

function SearchForm({ address }: { address: SearchAddress }) {
  const navigate = useNavigate();
  return (
    <form
      role="search"
      action="/search"
      method="get"
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        const q = String(new FormData(event.currentTarget).get('q') ?? '');
        navigate(searchPath({ q: q.trim(), type: address.type }));
      }}
    >
      <label htmlFor="search-page-q" className="visually-hidden">
        Search posts, news and players
      </label>
      <input
        key={address.q}
        id="search-page-q"
        name="q"
        type="search"
        defaultValue={address.q}
        maxLength={SEARCH_QUERY_MAX}
        placeholder="Search posts, news and players"
        className={styles.input}
      />
      {address.type !== 'all' && <input type="hidden" name="type" value={address.type} />}
      <button type="submit" className="button button-primary">
        Search
      </button>
    </form>
  );
}

function Pages({ address, total, pageSize }: { address: SearchAddress; total: number; pageSize: number }) {
  const last = Math.max(1, Math.ceil(Math.min(total, SEARCH_MAX_RESULTS) / pageSize));
  if (last === 1) return null;
  return (
    <nav className={styles.pages} aria-label="Result pages">
      {address.page > 1 ? <Link to={searchPath({ ...address, page: address.page - 1 })}>Previous</Link> : <span aria-hidden="true" />}
      <span>
        Page {address.page} of {last}
      </span>
      {address.page < last ? <Link to={searchPath({ ...address, page: address.page + 1 })}>Next</Link> : <span aria-hidden="true" />}
    </nav>
  );
}

/** The search page: its box, the result types as filters, the results a page at a time, and what to try when nothing is found. */
export function SearchView() {
  const [query] = useSearchParams();
  const address = readSearchAddress(query);
  const { state, retry } = useSearch(address);
  const problem = address.q ? searchQueryProblem(address.q) : null;

  return (
    <PageShell
      title={address.q ? `Search: ${address.q.slice(0, SEARCH_QUERY_MAX)}` : 'Search'}
      heading="Search"
      subtitle="Posts, news and players, in one place."
      noindex
    >
      <SearchForm address={address} />
      {address.q && (
        <nav className={styles.types} aria-label="Result types">
          {SEARCH_TYPES.map((type) => (
            <Link key={type} to={searchPath({ q: address.q, type })} aria-current={type === address.type ? 'page' : undefined} className={styles.type}>
              {TYPE_LABELS[type]}
            </Link>
          ))}
        </nav>
      )}
      {!address.q && <Suggestions lead="Type a word or two: a title, a topic, a player's name." />}
      {problem && (
        <Alert kind="info">
          Type {SEARCH_QUERY_MIN} to {SEARCH_QUERY_MAX} characters to search.
        </Alert>
      )}
      {state.status === 'loading' && <Spinner label="Searching..." />}
      {state.status === 'error' && (
        <Alert kind="error">
          Search is not available right now.{' '}
          <button type="button" className="button button-secondary" onClick={retry}>
            Try again
          </button>
        </Alert>
      )}
      {state.status === 'done' && (
        <section aria-labelledby="search-summary">
          <p id="search-summary" className={styles.summary} role="status">
            {`${resultCount(state.response.total)} for “${address.q}”${address.type === 'all' ? '' : ` in ${TYPE_LABELS[address.type].toLowerCase()}`}`}
          </p>
          {state.response.total === 0 ? (
            <Suggestions
              lead={address.type === 'all' ? 'Nothing matches your search.' : `Nothing in ${TYPE_LABELS[address.type].toLowerCase()} matches your search.`}
            />
          ) : (
            <>
              <SearchResults response={state.response} start={(address.page - 1) * state.response.pageSize + 1} />
              {state.response.results.length === 0 && <p>No more results: this page is past the last one.</p>}
              <Pages address={address} total={state.response.total} pageSize={state.response.pageSize} />
            </>
          )}
        </section>
      )}
    </PageShell>
  );
}
