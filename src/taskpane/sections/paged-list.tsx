// A long list in the pane, a page at a time: a post of 1,200 rows lists every finding and every row
// not sent, and drawn whole they made the pane some 36,700 px tall. A page is a few dozen items in
// a box of bounded height; Previous and Next turn the pages, and a new list starts at its first.
import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { groupDigits } from "../../sheet/i18n/plural";
import type { Translate } from "../i18n";

/** Items on a page: enough to scan, few enough to draw at once. */
export const LIST_PAGE = 25;


export function PagedList<T>(props: {
  t: Translate; items: readonly T[]; label: string; class: string;
  keyOf: (item: T, index: number) => string; item: (item: T) => ComponentChildren; itemClass?: (item: T) => string | undefined;
}) {
  const { t, items } = props;
  const [page, setPage] = useState(0);
  useEffect(() => setPage(0), [items]);
  const list = useRef<HTMLUListElement>(null);
  // A page turned starts at its top, not where the last one was scrolled to.
  useEffect(() => {
    if (list.current) list.current.scrollTop = 0;
  }, [page]);
  const pages = Math.max(1, Math.ceil(items.length / LIST_PAGE));
  const at = Math.min(page, pages - 1);
  const from = at * LIST_PAGE;
  const shown = items.slice(from, from + LIST_PAGE);
  return (
    <>
      <ul ref={list} class={props.class} aria-label={props.label}>
        {shown.map((x, i) => <li key={props.keyOf(x, from + i)} class={props.itemClass?.(x)}>{props.item(x)}</li>)}
      </ul>
      {pages > 1 && (
        <div class="pager">
          <button type="button" disabled={at === 0} onClick={() => setPage(at - 1)}>{t("listPrevious")}</button>
          <span role="status">{t("listPage", { from: groupDigits(from + 1), to: groupDigits(from + shown.length), total: groupDigits(items.length) })}</span>
          <button type="button" disabled={at >= pages - 1} onClick={() => setPage(at + 1)}>{t("listNext")}</button>
        </div>
      )}
    </>
  );
}
