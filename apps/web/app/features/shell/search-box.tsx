import { useEffect, useId, useRef, useState } from 'react';
import { SEARCH_PATH, SEARCH_SUGGESTIONS, searchHref, searchText } from '@andes/domain/catalogue-search';
import type { Answer } from '@andes/contract/caller';
import { useT } from '../../lib/root-data.ts';

type Suggestion = Answer<'GET /restpp/catalogue/search'>['results'][number];

/** Wait after the last keystroke before asking: a fast typist sends one request, not one per letter. */
const TYPING_PAUSE_MS = 180;

/**
 * The header's search: a plain GET form to the results page (works without JavaScript) that, with
 * JavaScript, suggests products and plans as the customer types (WAI-ARIA combobox with a listbox:
 * arrows move, Enter opens the active suggestion, Escape closes).
 */
export function SearchBox() {
  const t = useT();
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState('');
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const asking = useRef<AbortController | null>(null);

  useEffect(() => {
    const q = searchText(text);
    asking.current?.abort();
    if (!q) {
      setSuggestions([]);
      return;
    }
    const controller = new AbortController();
    asking.current = controller;
    const timer = setTimeout(() => {
      fetch(`/restpp/catalogue/search?${new URLSearchParams({ q, limit: String(SEARCH_SUGGESTIONS) })}`, { signal: controller.signal })
        .then((res) => (res.ok ? (res.json() as Promise<Answer<'GET /restpp/catalogue/search'>>) : null))
        .then((body) => {
          if (controller.signal.aborted) return;
          setSuggestions(body?.results ?? []);
          setActive(-1);
          setOpen(true);
        })
        // suggestions are a help: when they fail, the form still searches
        .catch(() => undefined);
    }, TYPING_PAUSE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text]);

  function onKeyDown(e: React.KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Escape') {
      setOpen(false);
      setActive(-1);
      return;
    }
    if (!open || suggestions.length === 0) return;
    // the options: each suggestion, then "see all results"
    const last = suggestions.length;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => (e.key === 'ArrowDown' ? (i >= last ? 0 : i + 1) : i <= 0 ? last : i - 1));
    } else if (e.key === 'Enter' && active >= 0) {
      e.preventDefault();
      window.location.assign(active < last ? suggestions[active]!.url : searchHref(searchText(text), null));
    }
  }

  const expanded = open && text.trim().length > 0;
  const q = searchText(text);
  return (
    <form
      method="get"
      action={SEARCH_PATH}
      role="search"
      className="header-search"
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && setOpen(false)}
    >
      <label htmlFor={`${id}-q`} className="visually-hidden">
        {t('shell.search.label')}
      </label>
      <input
        id={`${id}-q`}
        type="search"
        name="q"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onFocus={() => suggestions.length > 0 && setOpen(true)}
        onKeyDown={onKeyDown}
        placeholder={t('shell.search.placeholder')}
        autoComplete="off"
        maxLength={200}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
      />
      <button type="submit" className="button">
        {t('shell.search.submit')}
      </button>
      <p className="visually-hidden" aria-live="polite">
        {expanded ? (suggestions.length ? t('shell.search.count', { count: suggestions.length }) : t('shell.search.none')) : ''}
      </p>
      <ul id={listId} role="listbox" aria-label={t('shell.search.suggestions')} className="search-suggestions" hidden={!expanded || suggestions.length === 0}>
        {suggestions.map((s, i) => (
          <li key={`${s.kind}-${s.id}`} id={`${listId}-${i}`} role="option" aria-selected={i === active}>
            <a href={s.url} tabIndex={-1}>
              <span>{s.title}</span> <span className="search-suggestion-price">{s.promo ? s.promo.price.formatted : s.prices.price.formatted}</span>
            </a>
          </li>
        ))}
        {q && (
          <li id={`${listId}-${suggestions.length}`} role="option" aria-selected={active === suggestions.length}>
            <a href={searchHref(q, null)} tabIndex={-1}>
              {t('shell.search.seeAll')}
            </a>
          </li>
        )}
      </ul>
    </form>
  );
}
